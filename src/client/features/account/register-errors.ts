// What the sign-up form says when the server refuses (spec section 8 "Registration").
import { ApiError } from '../../api/api-client.ts';

export const REGISTER_MESSAGES = {
  usernameTaken: 'This username is already taken. Please try a different username.',
  emailTaken: 'This email is already registered. Please use a different email or try logging in.',
  badRequest: 'Registration failed. Please check your information and try again.',
  failed: 'Registration failed',
  redirecting: 'Taking you to the login page...',
} as const;

export function registrationFailure(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return `${REGISTER_MESSAGES.failed}: ${detail}`;
  // The server words its 409s as the spec does; other wordings are recognised by keyword.
  if (error.status === 409 && error.fromServer) return error.message;
  const text = error.message.toLowerCase();
  if (/already|taken|exists/.test(text)) {
    if (text.includes('email')) return REGISTER_MESSAGES.emailTaken;
    if (text.includes('username')) return REGISTER_MESSAGES.usernameTaken;
  }
  if (error.status === 400) return REGISTER_MESSAGES.badRequest;
  return `${REGISTER_MESSAGES.failed}: ${detail}`;
}
