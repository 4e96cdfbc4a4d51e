import { describe, expect, it } from 'vitest';
import type { CargoItem } from '#shared/contracts/cargo';
import type { OutboxRow } from '#client/offline/types';
import { ORDER_KINDS, storedOrderLines } from '#client/offline/actions';
import { claimedLines, subtractClaims } from '#client/features/ordering/catalogue/stock-claims';
import { outboxRow } from '../../../support/outbox-row.ts';

function item(id: number, name: string, quantity: number, sizes: Record<string, number> = {}) {
  return {
    id,
    name,
    description: null,
    category: null,
    quantity,
    imageId: null,
    sizeQuantities: sizes,
    maxPerOrder: 10,
  } satisfies CargoItem;
}

function row(status: OutboxRow['status'], items: unknown, extra: Partial<OutboxRow> = {}) {
  return outboxRow({
    seq: 1,
    kind: ORDER_KINDS.create,
    payload: { items },
    ownerUserId: 1,
    idempotencyKey: 'k',
    status,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...extra,
  });
}

describe('stock claimed by this device', () => {
  const lines = [{ itemName: 'Gauze', quantity: 2 }];

  it('counts queued and sending orders, and sent ones the catalogue copy is older than', () => {
    const before = '2026-01-01T09:00:00.000Z';
    const after = '2026-01-01T11:00:00.000Z';
    expect(claimedLines([row('queued', lines)], after)).toEqual(lines);
    expect(claimedLines([row('sending', lines)], after)).toEqual(lines);
    expect(claimedLines([row('done', lines)], before)).toEqual(lines);
    expect(claimedLines([row('done', lines)], after)).toEqual([]);
    expect(claimedLines([row('rejected', lines)], before)).toEqual([]);
    expect(claimedLines([row('queued', lines, { kind: ORDER_KINDS.cancel })], null)).toEqual([]);
  });

  it('reads only well-formed lines from a payload', () => {
    expect(
      storedOrderLines({
        items: [
          { itemName: 'A', quantity: 1 },
          { itemName: '', quantity: 1 },
        ],
      }),
    ).toEqual([{ itemName: 'A', quantity: 1 }]);
    expect(storedOrderLines(null)).toEqual([]);
    expect(storedOrderLines({ items: 'nope' })).toEqual([]);
  });

  it('takes sized, unsized and whole-name lines off the way the server resolves them', () => {
    const catalogue = [
      item(1, 'Socks', 13, { S: 3, M: 10 }),
      item(2, 'Gloves (nitrile)', 5),
      item(3, 'Gauze', 1),
    ];
    const result = subtractClaims(catalogue, [
      { itemName: 'socks (s)', quantity: 2 },
      { itemName: 'Gloves (nitrile)', quantity: 1 },
      { itemName: 'Gauze', quantity: 4 },
      { itemName: 'Thermal blanket', quantity: 9 },
      { itemName: 'Socks (XL)', quantity: 1 },
    ]);
    expect(result.map((i) => [i.quantity, i.sizeQuantities])).toEqual([
      [11, { S: 1, M: 10 }],
      [4, {}],
      [0, {}],
    ]);
    // The device copy itself is left as it was.
    expect(catalogue[0]?.sizeQuantities).toEqual({ S: 3, M: 10 });
  });
});
