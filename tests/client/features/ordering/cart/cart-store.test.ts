// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  addToCart,
  clearCart,
  dropOtherAccountsCarts,
  getCart,
  orderedLines,
  removeLine,
  setLineQuantity,
} from '#client/features/ordering/cart/cart-store';

afterEach(() => {
  clearCart('guest');
  clearCart('user-1');
  clearCart('user-2');
  localStorage.clear();
});

describe('the cart', () => {
  it('adds a line with the same name to its quantity, whatever the case', () => {
    addToCart('guest', { name: 'Socks (S)', quantity: 2 });
    addToCart('guest', { name: 'socks (s)', quantity: 3 });
    addToCart('guest', { name: 'Gauze', quantity: 1 });
    expect(getCart('guest')).toEqual([
      { name: 'Socks (S)', quantity: 5 },
      { name: 'Gauze', quantity: 1 },
    ]);
  });

  it('keeps a line at 0 but orders none of it, and Remove drops it', () => {
    addToCart('guest', { name: 'Gauze', quantity: 2 });
    addToCart('guest', { name: 'Tape', quantity: 1 });
    setLineQuantity('guest', 'Gauze', 0);
    expect(orderedLines(getCart('guest'))).toEqual([{ name: 'Tape', quantity: 1 }]);
    removeLine('guest', 'Tape');
    expect(getCart('guest')).toEqual([{ name: 'Gauze', quantity: 0 }]);
  });

  it('keeps one cart per person on the device and survives a reload (another tab sees it)', () => {
    addToCart('user-1', { name: 'Gauze', quantity: 2 });
    expect(getCart('guest')).toEqual([]);
    // What a new page (or another tab, through the storage event) reads back.
    localStorage.setItem('streetmed.cart:guest', JSON.stringify([{ name: 'Tape', quantity: 4 }]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'streetmed.cart:guest' }));
    expect(getCart('guest')).toEqual([{ name: 'Tape', quantity: 4 }]);
    expect(getCart('user-1')).toEqual([{ name: 'Gauze', quantity: 2 }]);
  });

  it('ignores stored lines of another shape', () => {
    localStorage.setItem(
      'streetmed.cart:guest',
      JSON.stringify([{ name: 'Tape', quantity: -1 }, { name: 'Ok', quantity: 1 }, 'x']),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(getCart('guest')).toEqual([{ name: 'Ok', quantity: 1 }]);
  });

  it("drops other accounts' carts when a client's cart opens, keeping the guest's", () => {
    addToCart('user-1', { name: 'Gauze', quantity: 2 });
    addToCart('user-2', { name: 'Tape', quantity: 1 });
    addToCart('guest', { name: 'Socks', quantity: 1 });
    dropOtherAccountsCarts('user-2');
    expect(getCart('user-1')).toEqual([]);
    expect(getCart('user-2')).toEqual([{ name: 'Tape', quantity: 1 }]);
    expect(getCart('guest')).toEqual([{ name: 'Socks', quantity: 1 }]);
  });
});
