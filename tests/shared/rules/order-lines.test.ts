import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nameKey,
  orderLineName,
  parseOrderLineName,
  resolveLineName,
} from '#shared/rules/order-lines';

describe('order line names', () => {
  it('reads "Name (Size)" as an item name and a size', () => {
    expect(parseOrderLineName('Socks (L)')).toEqual({ name: 'Socks', size: 'L' });
    expect(parseOrderLineName('  Winter boots ( 10.5 ) ')).toEqual({
      name: 'Winter boots',
      size: '10.5',
    });
    expect(parseOrderLineName('Gloves (nitrile) (M)')).toEqual({
      name: 'Gloves (nitrile)',
      size: 'M',
    });
  });

  it('reads a name without a trailing size as a name alone', () => {
    expect(parseOrderLineName('Soap')).toEqual({ name: 'Soap', size: null });
    expect(parseOrderLineName('Tent ()')).toEqual({ name: 'Tent ()', size: null });
    expect(parseOrderLineName('(L)')).toEqual({ name: '(L)', size: null });
    expect(parseOrderLineName('Socks (L) extra')).toEqual({ name: 'Socks (L) extra', size: null });
  });

  it('builds the cart line name the way it is read back', () => {
    expect(orderLineName('Socks', 'L')).toBe('Socks (L)');
    expect(orderLineName(' Soap ', null)).toBe('Soap');
    expect(orderLineName('Soap', '  ')).toBe('Soap');
    const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,20}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(word, fc.option(word, { nil: null }), (name, size) => {
        expect(parseOrderLineName(orderLineName(name, size))).toEqual({ name, size });
      }),
    );
  });

  it('compares names case-insensitively, ignoring outer spaces', () => {
    expect(nameKey('  Socks ')).toBe(nameKey('SOCKS'));
  });
});

describe('resolveLineName (the one rule for the server and the client)', () => {
  const items = new Map([
    ['socks', { name: 'Socks', sizes: ['S', 'M'] }],
    ['gloves (nitrile)', { name: 'Gloves (nitrile)', sizes: [] }],
    ['gloves', { name: 'Gloves', sizes: ['L'] }],
    ['gauze', { name: 'Gauze', sizes: [] }],
  ]);
  const resolve = (text: string) => resolveLineName(text, items, (item) => item.sizes);

  it('names an item and its size as the catalogue spells them, the whole name first', () => {
    expect(resolve('socks (m)')).toMatchObject({
      kind: 'item',
      item: { name: 'Socks' },
      sizeLabel: 'M',
    });
    expect(resolve('GAUZE')).toMatchObject({ kind: 'item', sizeLabel: null });
    expect(resolve('Gloves (nitrile)')).toMatchObject({
      kind: 'item',
      item: { name: 'Gloves (nitrile)' },
    });
  });

  it('tells an unknown size and a missing size from a custom request', () => {
    expect(resolve('Socks (XL)')).toMatchObject({ kind: 'unknown-size', size: 'XL' });
    expect(resolve('Socks')).toMatchObject({ kind: 'size-needed', item: { name: 'Socks' } });
    expect(resolve('Tent (big)')).toEqual({ kind: 'custom' });
  });
});
