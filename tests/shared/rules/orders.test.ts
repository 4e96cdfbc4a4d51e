import { describe, expect, it } from 'vitest';
import {
  validateClientOrder,
  validateCustomItem,
  validateGuestOrder,
  validateItemQuantity,
  validateOrderHistoryUserId,
} from '#shared/rules/orders';
import { englishOf } from '../../support/english.ts';

// Every spec text is written out here, not taken from the messages object, so a typo there
// fails.

describe('cart validators', () => {
  const line = { itemName: 'Socks', quantity: 1 };
  it('refuses an empty cart first', () => {
    const client = { items: [], deliveryAddress: '', phoneNumber: '', notes: '' };
    expect(englishOf(validateClientOrder(client))).toBe('Your cart is empty.');
    expect(
      englishOf(
        validateGuestOrder({
          items: [],
          deliveryAddress: '',
          firstName: '',
          lastName: '',
          email: '',
          phone: '',
          notes: '',
        }),
      ),
    ).toBe('Your cart is empty.');
  });
  it('client needs address, phone and notes', () => {
    const ok = { items: [line], deliveryAddress: '1 Main', phoneNumber: '555', notes: 'door' };
    for (const field of ['deliveryAddress', 'phoneNumber', 'notes'] as const) {
      expect(englishOf(validateClientOrder({ ...ok, [field]: ' ' }))).toBe(
        'Please fill in delivery address, phone number, and notes.',
      );
    }
    expect(englishOf(validateClientOrder(ok))).toBeNull();
  });
  it('guest needs an address, then the other fields', () => {
    const ok = {
      items: [line],
      deliveryAddress: '1 Main',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.org',
      phone: '555',
      notes: 'n',
    };
    expect(englishOf(validateGuestOrder({ ...ok, deliveryAddress: '', firstName: '' }))).toBe(
      'Please fill in delivery address.',
    );
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'notes'] as const) {
      expect(englishOf(validateGuestOrder({ ...ok, [field]: '' }))).toBe(
        'Please fill in first name, last name, email, phone, and notes.',
      );
    }
    expect(englishOf(validateGuestOrder(ok))).toBeNull();
  });
});

describe('item and custom item dialogs', () => {
  it('item detail wants a quantity above 0', () => {
    for (const bad of [0, -1, 1.5, NaN, '', 'two']) {
      expect(englishOf(validateItemQuantity(bad))).toBe('Please enter a valid quantity.');
    }
    expect(englishOf(validateItemQuantity(1))).toBeNull();
    expect(englishOf(validateItemQuantity('3'))).toBeNull();
  });
  it('custom item wants a name and a positive integer', () => {
    expect(englishOf(validateCustomItem({ name: ' ', quantity: 1 }))).toBe(
      'Please enter an item name.',
    );
    for (const bad of [0, -2, 2.5, '1.5', 'x', '']) {
      expect(englishOf(validateCustomItem({ name: 'Tarp', quantity: bad }))).toBe(
        'Please enter a valid quantity (positive integer).',
      );
    }
    expect(englishOf(validateCustomItem({ name: 'Tarp', quantity: '2' }))).toBeNull();
  });
});

describe('validateOrderHistoryUserId', () => {
  it('order history needs a numeric user id', () => {
    expect(englishOf(validateOrderHistoryUserId(undefined))).toBe(
      'Order history is not available for guest users.',
    );
    expect(englishOf(validateOrderHistoryUserId('Guest'))).toBe(
      'Order history is not available for guest users.',
    );
    expect(englishOf(validateOrderHistoryUserId(12))).toBeNull();
    expect(englishOf(validateOrderHistoryUserId('12'))).toBeNull();
  });
});
