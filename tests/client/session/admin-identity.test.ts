// The identity admin calls claim (spec sections 6 and 7), from the session user, and how
// failures are worded (section 8).
import { afterEach, describe, expect, it } from 'vitest';
import { setSessionUser } from '#client/session/session-user';
import { adminClaims, adminHeaders, adminUserId } from '#client/session/admin-identity';
import { errorText, loadErrorLine } from '#client/ui/admin/admin-errors';
import { ApiError } from '#client/api/api-error';

afterEach(() => {
  setSessionUser(null);
});

describe('admin identity', () => {
  it('claims the signed-in admin in headers, body and query fields', () => {
    setSessionUser({ username: 'Morgan', userId: 3, role: 'ADMIN', email: null, phone: null });
    expect(adminHeaders()).toEqual({ 'Admin-Username': 'Morgan', 'Authentication-Status': 'true' });
    expect(adminClaims()).toEqual({ authenticated: true, adminUsername: 'Morgan' });
    expect(adminUserId()).toBe(3);
  });

  it('claims nobody when nobody is signed in (the server answers 401 itself)', () => {
    setSessionUser(null);
    expect(adminHeaders()).toEqual({});
    expect(adminUserId()).toBeNull();
  });
});

describe('admin error texts', () => {
  it("prefixes load failures with 'Error:' unless they say it already", () => {
    expect(loadErrorLine('Failed to fetch')).toBe('Error: Failed to fetch');
    expect(loadErrorLine('Error fetching rounds: Failed to fetch')).toBe(
      'Error fetching rounds: Failed to fetch',
    );
  });

  it("takes the server's message, else the transport's text, else the fallback", () => {
    expect(errorText(new ApiError(409, 'Round is full', 'CONFLICT', true), 'x')).toBe(
      'Round is full',
    );
    expect(errorText(new ApiError(0, 'Failed to fetch', 'NETWORK_ERROR'), 'x')).toBe(
      'Failed to fetch',
    );
    expect(errorText('weird', 'Failed to load orders.')).toBe('Failed to load orders.');
  });
});
