import { describe, expect, it } from 'vitest';
import { refusalStale } from '#client/features/ordering/checkout/refusal-stale';

const socksS = { name: 'Socks (S)', quantity: 5 };
const tape = { name: 'Tape', quantity: 1 };

describe('refusalStale', () => {
  const short = 'Socks (S): only 2 left';

  it('keeps a refusal while the lines it names stay as they were', () => {
    expect(refusalStale(short, [socksS, tape], [socksS, tape])).toBe(false);
    expect(refusalStale(short, [socksS, tape], [socksS, { ...tape, quantity: 3 }])).toBe(false);
  });

  it('drops it once a named line changes or leaves, or the cart empties', () => {
    expect(refusalStale(short, [socksS, tape], [{ ...socksS, quantity: 2 }, tape])).toBe(true);
    expect(refusalStale(short, [socksS, tape], [tape])).toBe(true);
    expect(refusalStale(short, [socksS, tape], [])).toBe(true);
  });

  it('reads an item named without its size ("Socks: at most 3 per order")', () => {
    const over = 'Socks: at most 3 per order';
    expect(refusalStale(over, [socksS, tape], [socksS, { ...tape, quantity: 2 }])).toBe(false);
    expect(refusalStale(over, [socksS, tape], [{ ...socksS, quantity: 3 }, tape])).toBe(true);
  });

  it('drops a refusal naming no line once the lines change; keeps "empty" while still empty', () => {
    const fields = 'Please fill in delivery address, phone number, and notes.';
    expect(refusalStale(fields, [socksS], [socksS])).toBe(false);
    expect(refusalStale(fields, [socksS], [socksS, tape])).toBe(true);
    expect(refusalStale('Your cart is empty.', [], [])).toBe(false);
    expect(refusalStale('Your cart is empty.', [], [tape])).toBe(true);
  });
});
