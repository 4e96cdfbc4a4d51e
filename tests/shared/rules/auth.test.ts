import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  loginErrors,
  resetRequestErrors,
  resetVerifyErrors,
  validateLogin,
  validateRegistration,
  validateRegistrationStep1,
  validateRegistrationStep2,
  validateResetRequest,
  validateResetVerify,
} from '#shared/rules/auth';
import { english, englishFields, englishOf } from '../../support/english.ts';

// Every spec text is written out here, not taken from the messages object, so a typo there
// fails.

describe('validateLogin', () => {
  it('needs both fields', () => {
    expect(englishOf(validateLogin({ username: '', password: 'x' }))).not.toBeNull();
    expect(englishOf(validateLogin({ username: 'bob', password: '  ' }))).not.toBeNull();
    expect(englishOf(validateLogin({ username: 'bob', password: 'x' }))).toBeNull();
  });
});

describe('loginErrors', () => {
  it('refuses each blank field, all at once, and agrees with validateLogin', () => {
    const cases = [
      { username: '', password: '' },
      { username: 'bob', password: '  ' },
      { username: ' ', password: 'x' },
      { username: 'bob', password: 'x' },
    ];
    for (const input of cases) {
      const errors = loginErrors(input);
      expect(englishOf(errors.username)).toBe(
        input.username.trim() === '' ? english(AUTH_MESSAGES.loginUsernameRequired) : null,
      );
      expect(englishOf(errors.password)).toBe(
        input.password.trim() === '' ? english(AUTH_MESSAGES.loginPasswordRequired) : null,
      );
      expect(Object.keys(errors).length === 0).toBe(validateLogin(input) === null);
    }
  });
});

describe('validateRegistrationStep1', () => {
  const ok = { username: 'alice', email: '', phone: '' };
  it('requires a username of English letters', () => {
    expect(englishOf(validateRegistrationStep1({ ...ok, username: ' ' }))).toBe(
      'Username is required',
    );
    expect(englishOf(validateRegistrationStep1({ ...ok, username: 'al1ce' }))).toBe(
      'Username can only contain English letters',
    );
    expect(englishOf(validateRegistrationStep1({ ...ok, username: 'zoë' }))).toBe(
      'Username can only contain English letters',
    );
    expect(englishOf(validateRegistrationStep1(ok))).toBeNull();
  });
  it('checks an email and a phone only when given', () => {
    expect(englishOf(validateRegistrationStep1({ ...ok, email: 'a@b' }))).toBe(
      'The email is not formatted correctly',
    );
    expect(englishOf(validateRegistrationStep1({ ...ok, email: 'a@b.org' }))).toBeNull();
    expect(englishOf(validateRegistrationStep1({ ...ok, phone: '123456789' }))).toBe(
      'The format of the phone number is incorrect',
    );
    expect(englishOf(validateRegistrationStep1({ ...ok, phone: '123456789012' }))).toBe(
      'The format of the phone number is incorrect',
    );
    expect(englishOf(validateRegistrationStep1({ ...ok, phone: '1234567890' }))).toBeNull();
    expect(englishOf(validateRegistrationStep1({ ...ok, phone: '12345678901' }))).toBeNull();
    expect(englishOf(validateRegistrationStep1({ username: 'alice' }))).toBeNull();
  });
});

describe('validateRegistrationStep2', () => {
  const rule = 'The password must be at least 8 digits long and contain both letters and numbers';
  it('wants 8+ letters and digits with one of each', () => {
    expect(englishOf(validateRegistrationStep2({ password: 'abc1234' }))).toBe(rule);
    expect(englishOf(validateRegistrationStep2({ password: 'abcdefgh' }))).toBe(rule);
    expect(englishOf(validateRegistrationStep2({ password: '12345678' }))).toBe(rule);
    expect(englishOf(validateRegistrationStep2({ password: 'abcd123!' }))).toBe(rule);
    expect(englishOf(validateRegistrationStep2({ password: 'abcd1234' }))).toBeNull();
  });
  it('wants the confirmation to match when there is one', () => {
    expect(
      englishOf(validateRegistrationStep2({ password: 'abcd1234', confirmPassword: 'abcd1235' })),
    ).toBe('Two different passwords');
    expect(
      englishOf(validateRegistrationStep2({ password: 'abcd1234', confirmPassword: 'abcd1234' })),
    ).toBeNull();
  });
  it('checks step 1 before step 2 on the whole payload', () => {
    expect(englishOf(validateRegistration({ username: '', password: 'x' }))).toBe(
      'Username is required',
    );
    expect(englishOf(validateRegistration({ username: 'bob', password: 'x' }))).toBe(rule);
  });
});

describe('reset validators', () => {
  it('step 1 needs an email; step 2 all three fields', () => {
    expect(englishOf(validateResetRequest({ email: '' }))).toBe('Email is required');
    expect(englishOf(validateResetRequest({ email: 'a@b.org' }))).toBeNull();
    const full = { email: 'a@b.org', otp: '123456', newPassword: 'abcd1234' };
    for (const field of ['email', 'otp', 'newPassword'] as const) {
      expect(englishOf(validateResetVerify({ ...full, [field]: '' }))).toBe(
        'Email, OTP, and new password are required.',
      );
    }
    expect(englishOf(validateResetVerify(full))).toBeNull();
  });
});

describe('resetVerifyErrors', () => {
  it('refuses each blank field beside it, then the new password rule', () => {
    expect(englishFields(resetVerifyErrors({ email: '', otp: ' ', newPassword: '' }))).toEqual({
      email: 'Email is required',
      otp: english(AUTH_MESSAGES.resetOtpRequired),
      newPassword: english(AUTH_MESSAGES.resetNewPasswordRequired),
    });
    expect(
      englishFields(resetVerifyErrors({ email: 'a@b.org', otp: '123456', newPassword: 'short1' })),
    ).toEqual({
      newPassword: 'Password must be alphanumeric and at least 8 characters long.',
    });
    expect(
      englishFields(
        resetVerifyErrors({ email: 'a@b.org', otp: '123456', newPassword: 'abcd1234' }),
      ),
    ).toEqual({});
    expect(englishFields(resetRequestErrors({ email: ' ' }))).toEqual({
      email: 'Email is required',
    });
  });
});
