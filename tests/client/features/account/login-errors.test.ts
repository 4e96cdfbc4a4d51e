// What the login card says for each kind of failure (spec section 8 "Login").
import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/api/api-error';
import { loginFailure } from '#client/features/account/login-errors';

describe('loginFailure', () => {
  it('turns a 500 into the server-error text and asks for the session dialog', () => {
    expect(loginFailure(new ApiError(500, 'Something went wrong.', 'INTERNAL', true))).toEqual({
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
    expect(loginFailure(error)).toEqual({ message, openSessionDialog: false });
  });
});
