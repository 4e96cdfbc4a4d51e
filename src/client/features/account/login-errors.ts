// What the login card says when signing in fails (spec section 8 "Login").
import { ApiError } from '../../api/api-client.ts';

export const LOGIN_MESSAGES = {
  failed: 'Login failed',
  serverError: 'Server error. Your session may have expired.',
  sessionError: 'Session error. Please refresh the page.',
  sessionExpired: 'Your session has expired.',
} as const;

export interface LoginFailure {
  message: string;
  /** A 500 also opens the Session Expired dialog (spec section 4 "Login"). */
  openSessionDialog: boolean;
}

export function loginFailure(error: unknown): LoginFailure {
  const plain = (message: string): LoginFailure => ({ message, openSessionDialog: false });
  if (!(error instanceof ApiError)) {
    return plain(`Login error: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (error.status === 500) return { message: LOGIN_MESSAGES.serverError, openSessionDialog: true };
  if (error.code === 'DECRYPT_FAILED' || error.code === 'BAD_RESPONSE')
    return plain(LOGIN_MESSAGES.sessionError);
  if (error.code === 'SESSION_EXPIRED') return plain(LOGIN_MESSAGES.sessionExpired);
  if (error.code === 'NETWORK_ERROR') return plain(`Login error: ${error.message}`);
  // Not authenticated (401), throttled (429), bad input (400): the server's words.
  if (error.status >= 400 && error.status < 500)
    return plain(error.fromServer ? error.message : LOGIN_MESSAGES.failed);
  return plain(`Login error: ${error.message}`);
}
