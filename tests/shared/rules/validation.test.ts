import { describe, expect, it } from 'vitest';
import {
  validateCargoItemId,
  validateClientOrder,
  validateCustomItem,
  validateFeedback,
  validateGuestOrder,
  validateItemQuantity,
  validateLogin,
  validateOrderHistoryUserId,
  validateProfileEmail,
  validateProfilePassword,
  validateProfilePhone,
  validateProfileUsername,
  validateRegistration,
  validateRegistrationStep1,
  validateRegistrationStep2,
  validateResetRequest,
  validateResetVerify,
  validateVolunteerApplication,
} from '#shared/rules/validation';

// Every spec text is written out here, not taken from MESSAGES, so a typo there fails.

describe('validateLogin', () => {
  it('needs both fields', () => {
    expect(validateLogin({ username: '', password: 'x' })).not.toBeNull();
    expect(validateLogin({ username: 'bob', password: '  ' })).not.toBeNull();
    expect(validateLogin({ username: 'bob', password: 'x' })).toBeNull();
  });
});

describe('validateRegistrationStep1', () => {
  const ok = { username: 'alice', email: '', phone: '' };
  it('requires a username of English letters', () => {
    expect(validateRegistrationStep1({ ...ok, username: ' ' })).toBe('Username is required');
    expect(validateRegistrationStep1({ ...ok, username: 'al1ce' })).toBe(
      'Username can only contain English letters',
    );
    expect(validateRegistrationStep1({ ...ok, username: 'zoë' })).toBe(
      'Username can only contain English letters',
    );
    expect(validateRegistrationStep1(ok)).toBeNull();
  });
  it('checks an email and a phone only when given', () => {
    expect(validateRegistrationStep1({ ...ok, email: 'a@b' })).toBe(
      'The email is not formatted correctly',
    );
    expect(validateRegistrationStep1({ ...ok, email: 'a@b.org' })).toBeNull();
    expect(validateRegistrationStep1({ ...ok, phone: '123456789' })).toBe(
      'The format of the phone number is incorrect',
    );
    expect(validateRegistrationStep1({ ...ok, phone: '123456789012' })).toBe(
      'The format of the phone number is incorrect',
    );
    expect(validateRegistrationStep1({ ...ok, phone: '1234567890' })).toBeNull();
    expect(validateRegistrationStep1({ ...ok, phone: '12345678901' })).toBeNull();
    expect(validateRegistrationStep1({ username: 'alice' })).toBeNull();
  });
});

describe('validateRegistrationStep2', () => {
  const rule = 'The password must be at least 8 digits long and contain both letters and numbers';
  it('wants 8+ letters and digits with one of each', () => {
    expect(validateRegistrationStep2({ password: 'abc1234' })).toBe(rule);
    expect(validateRegistrationStep2({ password: 'abcdefgh' })).toBe(rule);
    expect(validateRegistrationStep2({ password: '12345678' })).toBe(rule);
    expect(validateRegistrationStep2({ password: 'abcd123!' })).toBe(rule);
    expect(validateRegistrationStep2({ password: 'abcd1234' })).toBeNull();
  });
  it('wants the confirmation to match when there is one', () => {
    expect(validateRegistrationStep2({ password: 'abcd1234', confirmPassword: 'abcd1235' })).toBe(
      'Two different passwords',
    );
    expect(
      validateRegistrationStep2({ password: 'abcd1234', confirmPassword: 'abcd1234' }),
    ).toBeNull();
  });
  it('checks step 1 before step 2 on the whole payload', () => {
    expect(validateRegistration({ username: '', password: 'x' })).toBe('Username is required');
    expect(validateRegistration({ username: 'bob', password: 'x' })).toBe(rule);
  });
});

describe('profile validators', () => {
  it('username: letters only and different', () => {
    expect(validateProfileUsername({ newUsername: 'b0b', currentUsername: 'bob' })).toBe(
      'Username must contain only letters.',
    );
    expect(validateProfileUsername({ newUsername: '', currentUsername: 'bob' })).toBe(
      'Username must contain only letters.',
    );
    expect(validateProfileUsername({ newUsername: 'bob', currentUsername: 'bob' })).toBe(
      'The new username must be different from the current one.',
    );
    expect(validateProfileUsername({ newUsername: 'rob', currentUsername: 'bob' })).toBeNull();
  });
  it('email: valid, different, current password', () => {
    const base = { newEmail: 'new@x.org', currentEmail: 'old@x.org', currentPassword: 'pw' };
    expect(validateProfileEmail({ ...base, newEmail: 'nope' })).toBe(
      'Please enter a valid email address.',
    );
    expect(validateProfileEmail({ ...base, newEmail: 'OLD@x.org' })).toBe(
      'The new email must be different from the current one.',
    );
    expect(validateProfileEmail({ ...base, currentPassword: '' })).toBe(
      'Current password is required.',
    );
    expect(validateProfileEmail({ ...base, currentEmail: null })).toBeNull();
  });
  it('password: alphanumeric 8+, a letter and a digit, matching confirmation, current password', () => {
    const base = { newPassword: 'abcdefg1', currentPassword: 'old' };
    expect(validateProfilePassword({ ...base, newPassword: 'abc' })).toBe(
      'Password must be alphanumeric and at least 8 characters long.',
    );
    expect(validateProfilePassword({ ...base, newPassword: 'abcdefg!' })).toBe(
      'Password must be alphanumeric and at least 8 characters long.',
    );
    // beyond-spec.md "Passwords": a letter and a digit too, in the spec's words for that rule.
    for (const newPassword of ['abcdefgh', '12345678']) {
      expect(validateProfilePassword({ ...base, newPassword })).toBe(
        'The password must be at least 8 digits long and contain both letters and numbers',
      );
    }
    expect(validateProfilePassword({ ...base, confirmPassword: 'abcdefgi' })).toBe(
      'The two passwords do not match.',
    );
    expect(validateProfilePassword({ ...base, currentPassword: undefined })).toBe(
      'Current password is required.',
    );
    expect(validateProfilePassword({ ...base, confirmPassword: 'abcdefg1' })).toBeNull();
    expect(validateProfilePassword(base)).toBeNull();
  });
  it('phone: exactly 10 digits, different, current password', () => {
    const base = { newPhone: '5551234567', currentPhone: '5550000000', currentPassword: 'pw' };
    expect(validateProfilePhone({ ...base, newPhone: '55512345678' })).toBe(
      'Phone number must be a 10-digit US number.',
    );
    expect(validateProfilePhone({ ...base, newPhone: '555-123-4567' })).toBe(
      'Phone number must be a 10-digit US number.',
    );
    expect(validateProfilePhone({ ...base, currentPhone: '5551234567' })).toBe(
      'The new phone number must be different from the current one.',
    );
    expect(validateProfilePhone({ ...base, currentPassword: ' ' })).toBe(
      'Current password is required.',
    );
    expect(validateProfilePhone(base)).toBeNull();
  });
});

describe('validateFeedback', () => {
  it('needs content, then a phone', () => {
    expect(validateFeedback({ content: ' ', phoneNumber: '' })).toBe(
      'Feedback content cannot be empty.',
    );
    expect(validateFeedback({ content: 'thanks', phoneNumber: '' })).toBe(
      'Phone number cannot be empty.',
    );
    expect(validateFeedback({ content: 'thanks', phoneNumber: '555' })).toBeNull();
  });
});

describe('validateVolunteerApplication', () => {
  const ok = { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.org', phone: '+1 (555) 123-4567' };
  it('checks names, email format and phone characters in order', () => {
    expect(validateVolunteerApplication({ ...ok, firstName: '' })).toBe('First name is required');
    expect(validateVolunteerApplication({ ...ok, lastName: '' })).toBe('Last name is required');
    expect(validateVolunteerApplication({ ...ok, email: 'ann@' })).toBe('Invalid email format');
    expect(validateVolunteerApplication({ ...ok, phone: '555-CALL' })).toBe('Invalid phone number');
    expect(validateVolunteerApplication({ ...ok, phone: '' })).toBe('Invalid phone number');
    expect(validateVolunteerApplication(ok)).toBeNull();
  });
});

describe('reset validators', () => {
  it('step 1 needs an email; step 2 all three fields', () => {
    expect(validateResetRequest({ email: '' })).toBe('Email is required');
    expect(validateResetRequest({ email: 'a@b.org' })).toBeNull();
    const full = { email: 'a@b.org', otp: '123456', newPassword: 'abcd1234' };
    for (const field of ['email', 'otp', 'newPassword'] as const) {
      expect(validateResetVerify({ ...full, [field]: '' })).toBe(
        'Email, OTP, and new password are required.',
      );
    }
    expect(validateResetVerify(full)).toBeNull();
  });
});

describe('cart validators', () => {
  const line = { itemName: 'Socks', quantity: 1 };
  it('refuses an empty cart first', () => {
    const client = { items: [], deliveryAddress: '', phoneNumber: '', notes: '' };
    expect(validateClientOrder(client)).toBe('Your cart is empty.');
    expect(
      validateGuestOrder({
        items: [],
        deliveryAddress: '',
        firstName: '',
        lastName: '',
        email: '',
        phone: '',
        notes: '',
      }),
    ).toBe('Your cart is empty.');
  });
  it('client needs address, phone and notes', () => {
    const ok = { items: [line], deliveryAddress: '1 Main', phoneNumber: '555', notes: 'door' };
    for (const field of ['deliveryAddress', 'phoneNumber', 'notes'] as const) {
      expect(validateClientOrder({ ...ok, [field]: ' ' })).toBe(
        'Please fill in delivery address, phone number, and notes.',
      );
    }
    expect(validateClientOrder(ok)).toBeNull();
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
    expect(validateGuestOrder({ ...ok, deliveryAddress: '', firstName: '' })).toBe(
      'Please fill in delivery address.',
    );
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'notes'] as const) {
      expect(validateGuestOrder({ ...ok, [field]: '' })).toBe(
        'Please fill in first name, last name, email, phone, and notes.',
      );
    }
    expect(validateGuestOrder(ok)).toBeNull();
  });
});

describe('item and custom item dialogs', () => {
  it('item detail wants a quantity above 0', () => {
    for (const bad of [0, -1, 1.5, NaN, '', 'two']) {
      expect(validateItemQuantity(bad)).toBe('Please enter a valid quantity.');
    }
    expect(validateItemQuantity(1)).toBeNull();
    expect(validateItemQuantity('3')).toBeNull();
  });
  it('custom item wants a name and a positive integer', () => {
    expect(validateCustomItem({ name: ' ', quantity: 1 })).toBe('Please enter an item name.');
    for (const bad of [0, -2, 2.5, '1.5', 'x', '']) {
      expect(validateCustomItem({ name: 'Tarp', quantity: bad })).toBe(
        'Please enter a valid quantity (positive integer).',
      );
    }
    expect(validateCustomItem({ name: 'Tarp', quantity: '2' })).toBeNull();
  });
});

describe('other screen rules', () => {
  it('update cargo needs an item id; order history a numeric user id', () => {
    expect(validateCargoItemId('')).toBe('Enter Item ID to update');
    expect(validateCargoItemId('7')).toBeNull();
    expect(validateOrderHistoryUserId(undefined)).toBe(
      'Order history is not available for guest users.',
    );
    expect(validateOrderHistoryUserId('Guest')).toBe(
      'Order history is not available for guest users.',
    );
    expect(validateOrderHistoryUserId(12)).toBeNull();
    expect(validateOrderHistoryUserId('12')).toBeNull();
  });
});
