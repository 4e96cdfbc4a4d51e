// The common-password list behind the password rule (beyond-spec.md section 1 "Passwords"),
// and the passwords the server makes itself (Add New User, the first admin) against it.
import { describe, expect, it } from 'vitest';
import {
  commonPasswordCount,
  isCommonPassword,
  refuseCommonPassword,
} from '#server/auth/common-passwords';
import { generatePassword } from '#server/auth/passwords';
import { AppError, envelopeOf } from '#server/errors';

describe('common passwords', () => {
  it('come from a list of at least 10,000', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('are recognised whatever their case, and others are not', () => {
    for (const common of ['12345678', 'password1', 'qwerty123', 'PassWord1', 'letmein1']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    for (const rare of ['Lantern42river', 'socks1234x', 'gauze12345']) {
      expect(isCommonPassword(rare), rare).toBe(false);
    }
  });

  it("are refused with the contract text, in the caller's language", () => {
    let refusal: unknown;
    try {
      refuseCommonPassword('qwerty123');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    const appError = refusal as AppError;
    expect(appError.code).toBe('BAD_REQUEST');
    expect(envelopeOf(appError).message).toBe('This password is too common. Choose another.');
    expect(envelopeOf(appError, 'es').message).not.toBe(appError.message);
    expect(() => refuseCommonPassword('Lantern42river')).not.toThrow();
  });

  it('are never what generatePassword makes, which has a letter and a digit', () => {
    for (let i = 0; i < 2000; i++) {
      const password = generatePassword();
      expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{14}$/);
      expect(isCommonPassword(password)).toBe(false);
    }
  });
});
