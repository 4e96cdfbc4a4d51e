// What the login card says when signing in fails (spec section 8 "Login").
import { message } from '#shared/i18n/messages';
import { ApiError } from '../../api/api-client.ts';
import type { Saying } from '../../i18n/i18n.ts';

export const LOGIN_MESSAGES = {
  failed: message('account.login.failed'),
  serverError: message('account.login.serverError'),
  sessionError: message('account.login.sessionError'),
  sessionExpired: message('account.login.sessionExpired'),
} as const;

export interface LoginFailure {
  /** A message, or the server's own words (already in the reader's language). */
  message: Saying;
  /** A 500 also opens the Session Expired dialog (spec section 4 "Login"). */
  openSessionDialog: boolean;
}

function loginError(detail: string): Saying {
  return message('account.login.error', { detail });
}

export function loginFailure(error: unknown): LoginFailure {
  const plain = (text: Saying): LoginFailure => ({ message: text, openSessionDialog: false });
  if (!(error instanceof ApiError)) {
    return plain(loginError(error instanceof Error ? error.message : String(error)));
  }
  if (error.status === 500) return { message: LOGIN_MESSAGES.serverError, openSessionDialog: true };
  if (error.code === 'DECRYPT_FAILED' || error.code === 'BAD_RESPONSE')
    return plain(LOGIN_MESSAGES.sessionError);
  if (error.code === 'SESSION_EXPIRED') return plain(LOGIN_MESSAGES.sessionExpired);
  if (error.code === 'NETWORK_ERROR') return plain(loginError(error.message));
  // Not authenticated (401), throttled (429), bad input (400): the server's words.
  if (error.status >= 400 && error.status < 500)
    return plain(error.fromServer ? error.message : LOGIN_MESSAGES.failed);
  return plain(loginError(error.message));
}
