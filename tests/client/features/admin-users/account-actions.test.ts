// @vitest-environment jsdom
// Reset Password's guards (spec section 5 "Admin user actions"): no user id → the alert
// 'Cannot reset password: User ID is missing'; an empty or cancelled prompt sends nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { promptResetPassword, resetNoUserId } from '#client/features/admin-users/account-actions';

const sent = vi.fn();

beforeEach(() => {
  // Watching the network, not standing in for the server: nothing may be sent at all.
  vi.stubGlobal('fetch', sent);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sent.mockReset();
});

describe('reset password guards', () => {
  it('alerts when the user id is missing, without asking', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const prompt = vi.spyOn(window, 'prompt');
    expect(await promptResetPassword({ username: 'kim', userId: null })).toBeNull();
    expect(alert).toHaveBeenCalledWith(resetNoUserId());
    expect(resetNoUserId()).toBe('Cannot reset password: User ID is missing');
    expect(prompt).not.toHaveBeenCalled();
    expect(sent).not.toHaveBeenCalled();
  });

  it('cancels silently on an empty answer or Cancel', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    for (const answer of ['', null]) {
      vi.spyOn(window, 'prompt').mockReturnValue(answer);
      expect(await promptResetPassword({ username: 'kim', userId: 5 })).toBeNull();
    }
    expect(alert).not.toHaveBeenCalled();
    expect(sent).not.toHaveBeenCalled();
  });
});
