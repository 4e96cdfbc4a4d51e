// How cart lines map onto the catalogue (pure: no database).
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import { candidateKeys, resolveLines } from '#server/orders/resolve-lines';
import type { CatalogueItem } from '#server/orders/orders.types';

const socks: CatalogueItem = {
  id: 1,
  name: 'Socks',
  nameKey: 'socks',
  quantity: 9,
  maxPerOrder: 10,
  sizes: [
    { label: 'M', quantity: 4 },
    { label: 'L', quantity: 5 },
  ],
};
const gloves: CatalogueItem = {
  id: 2,
  name: 'Gloves (nitrile)',
  nameKey: 'gloves (nitrile)',
  quantity: 30,
  maxPerOrder: 10,
  sizes: [],
};
const catalogue = [socks, gloves];
const socksLimit = { id: 1, name: 'Socks', maxPerOrder: 10 };
const glovesLimit = { id: 2, name: 'Gloves (nitrile)', maxPerOrder: 10 };

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('resolveLines', () => {
  it('matches sizes and names case-insensitively and sums duplicate lines', () => {
    const lines = resolveLines(
      [
        { itemName: 'SOCKS (l)', quantity: 2 },
        { itemName: 'gloves (NITRILE)', quantity: 1 },
        { itemName: 'Socks (L)', quantity: 3 },
        { itemName: 'Socks (M)', quantity: 1 },
        { itemName: 'Lip balm', quantity: 1 },
        { itemName: 'lip balm ', quantity: 2 },
      ],
      catalogue,
    );
    expect(lines).toEqual([
      {
        itemName: 'Socks (L)',
        quantity: 5,
        itemId: 1,
        sizeLabel: 'L',
        seenLeft: 5,
        item: socksLimit,
      },
      {
        itemName: 'Gloves (nitrile)',
        quantity: 1,
        itemId: 2,
        sizeLabel: null,
        seenLeft: 30,
        item: glovesLimit,
      },
      {
        itemName: 'Socks (M)',
        quantity: 1,
        itemId: 1,
        sizeLabel: 'M',
        seenLeft: 4,
        item: socksLimit,
      },
      {
        itemName: 'Lip balm',
        quantity: 3,
        itemId: null,
        sizeLabel: null,
        seenLeft: null,
        item: null,
      },
    ]);
  });

  it('treats a name matching nothing as a custom request, sized or not', () => {
    const [line] = resolveLines([{ itemName: 'Scarf (red)', quantity: 1 }], catalogue);
    expect(line).toMatchObject({ itemName: 'Scarf (red)', itemId: null });
  });

  it('refuses an unknown size and a sized item named without a size', () => {
    const unknown = refusal(() =>
      resolveLines([{ itemName: 'Socks (XL)', quantity: 1 }], catalogue),
    );
    expect([unknown.statusCode, unknown.message]).toEqual([400, 'Unknown size "XL" for Socks.']);
    const bare = refusal(() => resolveLines([{ itemName: 'socks', quantity: 1 }], catalogue));
    expect([bare.statusCode, bare.message]).toEqual([400, 'Please choose a size for Socks.']);
  });

  it('looks up both the whole name and the name before the size', () => {
    expect(candidateKeys([{ itemName: 'Socks (L)', quantity: 1 }]).sort()).toEqual([
      'socks',
      'socks (l)',
    ]);
  });
});
