// The error envelope of wire-protocol.md. Anything thrown in a handler becomes
// {"status":"error","message","error"} with the right status; never a stack trace or SQL.
// A refusal made from a message id (issue 21) is worded in the caller's language when the
// envelope is sent (plugins/errors.ts); its `message` here is the English, for logs.
import { message, type Message } from '#shared/i18n/messages';
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages';
import { say, translate } from './i18n/translator.ts';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'SESSION_EXPIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

const statusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** What a refusal says: a fixed text, or a message worded in the caller's language. */
export type RefusalText = string | Message;

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** Extra fields merged into the envelope (e.g. authenticated:false on a failed login). */
  readonly extra: Record<string, unknown>;
  /** The message to word in the caller's language, when the refusal was made from one. */
  readonly text: Message | undefined;
  /** English is `message` as given, not `text`'s English (a contract's own words). */
  readonly keepsEnglish: boolean;
  /**
   * `english`: a fixed English wording that clients and tests read (a contract's own
   * validation message); other languages still get `text`.
   */
  constructor(
    code: ErrorCode,
    text: RefusalText,
    extra: Record<string, unknown> = {},
    english?: string,
  ) {
    super(english ?? (typeof text === 'string' ? text : translate('en', text.id, text.values)));
    this.code = code;
    this.statusCode = statusOf[code];
    this.extra = extra;
    this.text = typeof text === 'string' ? undefined : text;
    this.keepsEnglish = english !== undefined;
  }
}

export const badRequest = (text: RefusalText) => new AppError('BAD_REQUEST', text);
export const unauthorized = (text: RefusalText = message('server.errors.signIn')) =>
  new AppError('UNAUTHORIZED', text);
export const forbidden = (text: RefusalText = message('server.errors.forbidden')) =>
  new AppError('FORBIDDEN', text);
export const notFound = (text: RefusalText = message('server.errors.notFound')) =>
  new AppError('NOT_FOUND', text);
export const conflict = (text: RefusalText) => new AppError('CONFLICT', text);

export interface ErrorEnvelope {
  status: 'error';
  message: string;
  error: ErrorCode;
  [extra: string]: unknown;
}

/** The envelope, its message in the caller's language (English when none is given). */
export function envelopeOf(err: AppError, language: Language = 'en'): ErrorEnvelope {
  const english = err.keepsEnglish && language === DEFAULT_LANGUAGE;
  const message = err.text === undefined || english ? err.message : say(language, err.text);
  return { ...err.extra, status: 'error', message, error: err.code };
}
