// The one error type the api layer throws. `fromServer` says whether `message` is the server's
// own text (shown as is, per the spec) or a fallback made here (screens may prefer their own).
// The fallbacks are worded when thrown, in the current language (the server words its own).
import { t } from '../i18n/i18n.ts';

export type ApiErrorCode =
  'NETWORK_ERROR' | 'SESSION_EXPIRED' | 'DECRYPT_FAILED' | 'BAD_RESPONSE' | (string & {});

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fromServer: boolean;

  constructor(status: number, message: string, code: ApiErrorCode, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
  }
}

/** Spec section 8: a reply that cannot be decoded means the secure session is gone. */
export const decryptFailedText = (): string => t('common.api.sessionExpired');
export const networkErrorText = (): string => t('common.api.networkError');
