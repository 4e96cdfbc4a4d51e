// The cargo drawers' payloads (spec section 7 "Cargo": the item JSON with sizeQuantities; the
// total is summed from the sizes when there are sizes).
import { describe, expect, it } from 'vitest';
import {
  createPayload,
  EMPTY_ITEM_FORM,
  formOfItem,
  itemFormProblem,
  newSizeRow,
  sizeQuantitiesOf,
  totalOf,
  updatePayload,
  type ItemForm,
} from '#client/features/admin-cargo/item-form';
import { englishOf } from '../../../support/english.ts';

function form(changes: Partial<ItemForm>): ItemForm {
  return { ...EMPTY_ITEM_FORM, ...changes };
}

describe('item form', () => {
  it('sends sizes as numbers, skipping blank rows and adding up repeated labels', () => {
    const rows = [
      newSizeRow(' S ', '3'),
      newSizeRow('', ''),
      newSizeRow('L', '10'),
      newSizeRow('S', '2'),
    ];
    expect(sizeQuantitiesOf(rows)).toEqual({ S: 5, L: 10 });
    expect(sizeQuantitiesOf([newSizeRow('', ' ')])).toBeUndefined();
    // Not a number: sent as typed so the server's message names it.
    expect(sizeQuantitiesOf([newSizeRow('M', 'lots')])).toEqual({ M: 'lots' });
  });

  it('creates with sizes (no total) or with a total (no sizes)', () => {
    const sized = form({ name: ' Socks ', category: 'Clothing', sizes: [newSizeRow('M', '4')] });
    expect(createPayload(sized)).toEqual({
      name: 'Socks',
      description: null,
      category: 'Clothing',
      sizeQuantities: { M: 4 },
      maxPerOrder: 10,
    });
    expect(totalOf(sized)).toBe(4);
    const plain = form({ name: 'Water', quantity: '24', description: '  ' });
    expect(createPayload(plain)).toEqual({
      name: 'Water',
      description: null,
      category: null,
      quantity: 24,
      maxPerOrder: 10,
    });
    expect(totalOf(form({ quantity: 'x' }))).toBeNull();
  });

  it('updates every field, and {} removes the sizes of an item left without rows', () => {
    const item = {
      id: 7,
      name: 'Gloves',
      description: 'Nitrile',
      category: null,
      quantity: 9,
      imageId: null,
      sizeQuantities: { S: 4, M: 5 },
      maxPerOrder: 3,
    };
    const loaded = formOfItem(item);
    expect(loaded.sizes.map((row) => [row.label, row.quantity])).toEqual([
      ['S', '4'],
      ['M', '5'],
    ]);
    expect(updatePayload(loaded)).toEqual({
      name: 'Gloves',
      description: 'Nitrile',
      category: null,
      sizeQuantities: { S: 4, M: 5 },
      maxPerOrder: 3,
    });
    expect(updatePayload({ ...loaded, sizes: [], quantity: '12' })).toEqual({
      name: 'Gloves',
      description: 'Nitrile',
      category: null,
      quantity: 12,
      sizeQuantities: {},
      maxPerOrder: 3,
    });
  });

  it('checks the max per order before sending: a whole number from 1 to 10000', () => {
    const message = 'Max per order must be a whole number from 1 to 10000.';
    for (const bad of ['0', '-1', '1.5', 'x', '', ' ', '10001', '1e3']) {
      expect(englishOf(itemFormProblem(form({ maxPerOrder: bad }))), bad).toBe(message);
    }
    for (const good of ['1', ' 2 ', '10', '10000']) {
      expect(itemFormProblem(form({ maxPerOrder: good })), good).toBeNull();
    }
    expect(createPayload(form({ name: 'Naloxone', maxPerOrder: ' 2 ' })).maxPerOrder).toBe(2);
  });
});
