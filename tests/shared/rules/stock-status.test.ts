import { describe, expect, it } from 'vitest';
import { stockStatus } from '#shared/rules/stock-status';

describe('stockStatus', () => {
  it('is Out at 0, Low under 5, Fine from 5', () => {
    expect(stockStatus(0)).toBe('Out');
    expect(stockStatus(1)).toBe('Low');
    expect(stockStatus(4)).toBe('Low');
    expect(stockStatus(5)).toBe('Fine');
    expect(stockStatus(120)).toBe('Fine');
  });
});
