// What the sign-up form says when the server refuses (spec section 8 "Registration").
import { message } from '#shared/i18n/messages';
import { ApiError } from '../../api/api-client.ts';
import type { Saying } from '../../i18n/i18n.ts';

export const REGISTER_MESSAGES = {
  usernameTaken: message('account.register.usernameTaken'),
  emailTaken: message('account.register.emailTaken'),
  badRequest: message('account.register.badRequest'),
} as const;

/** The success note: the server's words (in the reader's language), then where it leads. */
export function registeredNote(serverMessage: string): Saying {
  return message('account.register.done', { message: serverMessage });
}

function failed(detail: string): Saying {
  return message('account.register.failed', { detail });
}

export function registrationFailure(error: unknown): Saying {
  const detail = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return failed(detail);
  // The server words its 409s as the spec does; other wordings are recognised by keyword.
  if (error.status === 409 && error.fromServer) return error.message;
  const text = error.message.toLowerCase();
  if (/already|taken|exists/.test(text)) {
    if (text.includes('email')) return REGISTER_MESSAGES.emailTaken;
    if (text.includes('username')) return REGISTER_MESSAGES.usernameTaken;
  }
  if (error.status === 400) return REGISTER_MESSAGES.badRequest;
  return failed(detail);
}
