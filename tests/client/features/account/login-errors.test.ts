// @vitest-environment jsdom
// What the login card says for each kind of failure (spec section 8 "Login"), read in English
// (jsdom: the setup loads the catalogues).
import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/api/api-error';
import { loginFailure } from '#client/features/account/login-errors';
import { say } from '#client/i18n/i18n';

function said(error: unknown) {
  const failure = loginFailure(error);
  return { ...failure, message: say(failure.message) };
}

describe('loginFailure', () => {
  it('turns a 500 into the server-error text and asks for the session dialog', () => {
    expect(said(new ApiError(500, 'Something went wrong.', 'INTERNAL', true))).toEqual({
      message: 'Server error. Your session may have expired.',
      openSessionDialog: true,
    });
  });

  it.each([
    [
      new ApiError(401, 'Invalid username or password', 'UNAUTHORIZED', true),
      'Invalid username or password',
    ],
    [new ApiError(401, 'Request failed: 401', 'HTTP_401'), 'Login failed'],
    [new ApiError(200, 'x', 'DECRYPT_FAILED'), 'Session error. Please refresh the page.'],
    [
      new ApiError(200, 'Invalid response format from server', 'BAD_RESPONSE'),
      'Session error. Please refresh the page.',
    ],
    [new ApiError(401, 'gone', 'SESSION_EXPIRED', true), 'Your session has expired.'],
    [new ApiError(0, 'Failed to fetch', 'NETWORK_ERROR'), 'Login error: Failed to fetch'],
    [new TypeError('boom'), 'Login error: boom'],
  ])('%o says "%s"', (error, message) => {
    expect(said(error)).toEqual({ message, openSessionDialog: false });
  });
});
