import { beforeAll, describe, expect, it } from 'vitest';
import type { CargoItem } from '#shared/contracts/cargo';
import { loadNamespaces } from '#client/i18n/catalogues';
import {
  allInCartText,
  leftText,
  lineCap,
  maxInCartText,
  outOfStockText,
  roomFor,
} from '#client/features/ordering/catalogue/stock-room';

// The texts are the ordering catalogue's (English here; a screen loads it beside its code).
beforeAll(() => loadNamespaces('en', ['ordering']));

function item(
  id: number,
  name: string,
  quantity: number,
  sizes: Record<string, number> = {},
  maxPerOrder = 10,
): CargoItem {
  const total =
    Object.keys(sizes).length > 0 ? Object.values(sizes).reduce((a, b) => a + b) : quantity;
  return {
    id,
    name,
    description: null,
    category: null,
    quantity: total,
    imageId: null,
    sizeQuantities: sizes,
    maxPerOrder,
  };
}

describe('roomFor', () => {
  const socks = item(1, 'Socks', 0, { S: 2, M: 0, L: 10 }, 3);
  const gauze = item(2, 'Gauze', 0);

  it('refuses 0 left in words, never as "Only 0 left"', () => {
    expect(roomFor(gauze, '', [])).toMatchObject({ more: 0, reason: outOfStockText() });
    expect(roomFor(socks, 'M', [])).toMatchObject({ more: 0, reason: outOfStockText() });
    expect(leftText(0)).toBe(outOfStockText());
    expect(leftText(3)).toBe('3 left in stock');
  });

  it("caps by the size's stock less what the cart holds of it (names in any case)", () => {
    expect(roomFor(socks, 'S', []).more).toBe(2);
    expect(roomFor(socks, 'S', [{ name: 'socks (s)', quantity: 1 }]).more).toBe(1);
    expect(roomFor(socks, 'S', [{ name: 'Socks (S)', quantity: 2 }])).toMatchObject({
      more: 0,
      reason: allInCartText(2),
    });
  });

  it("caps by maxPerOrder over all the item's sizes in the cart", () => {
    const cart = [{ name: 'Socks (S)', quantity: 2 }];
    expect(roomFor(socks, 'L', cart)).toMatchObject({ more: 1, itemInCart: 2, reason: null });
    const full = [...cart, { name: 'Socks (L)', quantity: 1 }];
    expect(roomFor(socks, 'L', full)).toMatchObject({ more: 0, reason: maxInCartText(3) });
  });

  it('ignores lines of other items and custom lines', () => {
    const other = item(3, 'Tape', 5);
    const cart = [
      { name: 'Tape', quantity: 5 },
      { name: 'Socks please', quantity: 9 },
    ];
    expect(roomFor(socks, 'L', cart, [socks, other]).more).toBe(3);
  });
});

describe('lineCap', () => {
  const socks = item(1, 'Socks', 0, { S: 2, L: 10 }, 3);
  const items = [socks];

  it("is the size's stock and what maxPerOrder leaves beside the item's other lines", () => {
    const lines = [
      { name: 'Socks (S)', quantity: 2 },
      { name: 'Socks (L)', quantity: 1 },
    ];
    expect(lineCap(lines[0]!, lines, items)).toBe(2);
    expect(lineCap(lines[1]!, lines, items)).toBe(1);
  });

  it('is the custom cap for a custom line and unknown for a size the copy lacks', () => {
    expect(lineCap({ name: 'Warm coat', quantity: 1 }, [], items)).toBe(10);
    expect(lineCap({ name: 'Socks (XL)', quantity: 1 }, [], items)).toBeNull();
  });
});
