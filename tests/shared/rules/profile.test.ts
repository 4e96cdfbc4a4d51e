import { describe, expect, it } from 'vitest';
import {
  profileEmailErrors,
  profilePasswordErrors,
  profilePhoneErrors,
  profileUsernameErrors,
  validateProfileEmail,
  validateProfilePassword,
  validateProfilePhone,
  validateProfileUsername,
} from '#shared/rules/profile';
import { englishFields, englishOf } from '../../support/english.ts';

// Every spec text is written out here, not taken from the messages object, so a typo there
// fails.

describe('profile validators', () => {
  it('username: letters only and different', () => {
    expect(englishOf(validateProfileUsername({ newUsername: 'b0b', currentUsername: 'bob' }))).toBe(
      'Username must contain only letters.',
    );
    expect(englishOf(validateProfileUsername({ newUsername: '', currentUsername: 'bob' }))).toBe(
      'Username must contain only letters.',
    );
    expect(englishOf(validateProfileUsername({ newUsername: 'bob', currentUsername: 'bob' }))).toBe(
      'The new username must be different from the current one.',
    );
    expect(
      englishOf(validateProfileUsername({ newUsername: 'rob', currentUsername: 'bob' })),
    ).toBeNull();
  });
  it('email: valid, different, current password', () => {
    const base = { newEmail: 'new@x.org', currentEmail: 'old@x.org', currentPassword: 'pw' };
    expect(englishOf(validateProfileEmail({ ...base, newEmail: 'nope' }))).toBe(
      'Please enter a valid email address.',
    );
    expect(englishOf(validateProfileEmail({ ...base, newEmail: 'OLD@x.org' }))).toBe(
      'The new email must be different from the current one.',
    );
    expect(englishOf(validateProfileEmail({ ...base, currentPassword: '' }))).toBe(
      'Current password is required.',
    );
    expect(englishOf(validateProfileEmail({ ...base, currentEmail: null }))).toBeNull();
  });
  it('password: alphanumeric 8+, a letter and a digit, matching confirmation, current password', () => {
    const base = { newPassword: 'abcdefg1', currentPassword: 'old' };
    expect(englishOf(validateProfilePassword({ ...base, newPassword: 'abc' }))).toBe(
      'Password must be alphanumeric and at least 8 characters long.',
    );
    expect(englishOf(validateProfilePassword({ ...base, newPassword: 'abcdefg!' }))).toBe(
      'Password must be alphanumeric and at least 8 characters long.',
    );
    // beyond-spec.md "Passwords": a letter and a digit too, in the spec's words for that rule.
    for (const newPassword of ['abcdefgh', '12345678']) {
      expect(englishOf(validateProfilePassword({ ...base, newPassword }))).toBe(
        'The password must be at least 8 digits long and contain both letters and numbers',
      );
    }
    expect(englishOf(validateProfilePassword({ ...base, confirmPassword: 'abcdefgi' }))).toBe(
      'The two passwords do not match.',
    );
    expect(englishOf(validateProfilePassword({ ...base, currentPassword: undefined }))).toBe(
      'Current password is required.',
    );
    expect(englishOf(validateProfilePassword({ ...base, confirmPassword: 'abcdefg1' }))).toBeNull();
    expect(englishOf(validateProfilePassword(base))).toBeNull();
  });
  it('phone: exactly 10 digits, different, current password', () => {
    const base = { newPhone: '5551234567', currentPhone: '5550000000', currentPassword: 'pw' };
    expect(englishOf(validateProfilePhone({ ...base, newPhone: '55512345678' }))).toBe(
      'Phone number must be a 10-digit US number.',
    );
    expect(englishOf(validateProfilePhone({ ...base, newPhone: '555-123-4567' }))).toBe(
      'Phone number must be a 10-digit US number.',
    );
    expect(englishOf(validateProfilePhone({ ...base, currentPhone: '5551234567' }))).toBe(
      'The new phone number must be different from the current one.',
    );
    expect(englishOf(validateProfilePhone({ ...base, currentPassword: ' ' }))).toBe(
      'Current password is required.',
    );
    expect(englishOf(validateProfilePhone(base))).toBeNull();
  });
});

describe('each choice refuses every field at once (issue 20 item 6)', () => {
  it('password: the new password, its confirmation and the current password together', () => {
    expect(
      englishFields(
        profilePasswordErrors({
          newPassword: 'short',
          confirmPassword: 'other',
          currentPassword: '',
        }),
      ),
    ).toEqual({
      newPassword: 'Password must be alphanumeric and at least 8 characters long.',
      confirmPassword: 'The two passwords do not match.',
      currentPassword: 'Current password is required.',
    });
    expect(
      englishFields(
        profilePasswordErrors({
          newPassword: 'abcd1234',
          confirmPassword: 'abcd1234',
          currentPassword: 'x',
        }),
      ),
    ).toEqual({});
  });

  it('email and phone: the new value and the current password together', () => {
    expect(
      englishFields(
        profileEmailErrors({ newEmail: 'a@', currentEmail: null, currentPassword: ' ' }),
      ),
    ).toEqual({
      newEmail: 'Please enter a valid email address.',
      currentPassword: 'Current password is required.',
    });
    expect(
      englishFields(
        profilePhoneErrors({ newPhone: '123', currentPhone: null, currentPassword: '' }),
      ),
    ).toEqual({
      newPhone: 'Phone number must be a 10-digit US number.',
      currentPassword: 'Current password is required.',
    });
    expect(
      englishFields(profileUsernameErrors({ newUsername: 'al1ce', currentUsername: 'alice' })),
    ).toEqual({
      newUsername: 'Username must contain only letters.',
    });
  });
});
