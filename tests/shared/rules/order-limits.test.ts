// The shared order-limit rules (rules/order-limits.ts): how phones and emails are compared for
// the guest limit, and the refusal texts of an order's lines.
import { describe, expect, it } from 'vitest';
import {
  emailKey,
  limitLinesOf,
  orderLimitRefusal,
  phoneKey,
  validateMaxPerOrder,
  type LimitCatalogueItem,
} from '#shared/rules/order-limits';
import { englishOf } from '../../support/english.ts';

describe('order limit rules', () => {
  it('compares phones by their digits, with or without the US country code', () => {
    const same = ['4125550100', '412-555-0100', '+1 (412) 555 0100', '1 412 555 0100'];
    expect(new Set(same.map(phoneKey))).toEqual(new Set(['4125550100']));
    expect(phoneKey('+44 20 7946 0018')).toBe('442079460018');
    expect(phoneKey(' None ')).toBe('none');
  });

  it('compares emails without case, spaces, +tags, and Gmail dots', () => {
    expect(emailKey('  Gale+orders@Example.ORG ')).toBe('gale@example.org');
    expect(emailKey('g.a.l.e+x@googlemail.com')).toBe('gale@gmail.com');
    expect(emailKey('g.a.l.e@example.org')).toBe('g.a.l.e@example.org');
    expect(emailKey('not-an-email')).toBe('not-an-email');
  });

  it('names every item over its cap in one refusal, then the custom-line cap', () => {
    const catalogue: LimitCatalogueItem[] = [
      { id: 1, name: 'Naloxone', maxPerOrder: 2, sizeQuantities: {} },
      { id: 2, name: 'Socks', maxPerOrder: 4, sizeQuantities: { S: 9, M: 9 } },
    ];
    const lines = limitLinesOf(
      [
        { name: 'Naloxone', quantity: 3 },
        { name: 'Socks (S)', quantity: 2 },
        { name: 'socks (M)', quantity: 3 },
      ],
      catalogue,
    );
    expect(englishOf(orderLimitRefusal(lines))).toBe(
      'Naloxone: at most 2 per order; Socks: at most 4 per order',
    );
    expect(englishOf(validateMaxPerOrder('0'))).not.toBeNull();
    expect(englishOf(validateMaxPerOrder('7'))).toBeNull();
  });
});
