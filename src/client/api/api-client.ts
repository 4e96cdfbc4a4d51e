// The one place that calls the API (ESLint keeps fetch out of the rest of the client).
// Every call goes through the secure session when one exists; a SESSION_EXPIRED reply (or a
// reply our key cannot open) triggers one silent re-handshake and one resend. If that still
// fails, a foreground call opens the 'Session Expired' modal; background work never does.
import type { Check } from '#shared/contracts/checks/check';
import { ApiError, decryptFailedText } from './api-error.ts';
import { t } from '../i18n/i18n.ts';
import { openSessionExpired } from './session-expired.ts';
import { awaitSecureSession, replaceSecureSession } from './secure-session.ts';
import { exchange, type HttpMethod, type RawReply, type RawRequest } from './http-exchange.ts';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as Idempotency-Key (wire-protocol.md "Writes that may be replayed"). */
  idempotencyKey?: string;
  /** Extra headers, e.g. Admin-Username and Authentication-Status for admin calls. */
  headers?: Record<string, string>;
  /**
   * Validates the success body; a mismatch is 'Invalid response format from server'. A zod
   * contract or a zod-free check (contracts/checks: the role homes load no zod).
   */
  schema?: Check<T>;
  /** Background work (refreshes, replays) never opens the Session Expired modal. */
  background?: boolean;
}

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  if (text === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** Sends once; on SESSION_EXPIRED or an unreadable reply, re-handshakes and sends once more. */
async function roundTrip(request: RawRequest): Promise<RawReply> {
  const used = await awaitSecureSession();
  const reply = await exchange(request, used);
  if (!reply.sessionExpired && !reply.undecryptable) return reply;
  // A failed re-handshake leaves null: the resend goes as plain JSON, which the server takes.
  return exchange(request, await replaceSecureSession(used));
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

function errorOf(reply: RawReply): ApiError {
  if (reply.undecryptable) return new ApiError(reply.status, decryptFailedText(), 'DECRYPT_FAILED');
  const message = field(reply.body, 'message');
  const code = field(reply.body, 'error');
  const hasMessage = typeof message === 'string' && message !== '';
  return new ApiError(
    reply.status,
    hasMessage ? message : t('common.api.requestFailed', { status: reply.status }),
    typeof code === 'string' ? code : `HTTP_${reply.status}`,
    hasMessage,
  );
}

function isSuccess(reply: RawReply): boolean {
  const ok = reply.status >= 200 && reply.status < 300;
  return ok && !reply.undecryptable && field(reply.body, 'status') !== 'error';
}

async function call<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions<T>,
): Promise<T> {
  const reply = await roundTrip({
    method,
    path: withQuery(path, options.query),
    body,
    idempotencyKey: options.idempotencyKey,
    headers: options.headers,
  });
  if (!isSuccess(reply)) {
    if ((reply.sessionExpired || reply.undecryptable) && options.background !== true)
      openSessionExpired();
    throw errorOf(reply);
  }
  if (options.schema === undefined) return reply.body as T;
  const parsed = options.schema.safeParse(reply.body);
  if (!parsed.success)
    throw new ApiError(reply.status, t('common.api.invalidResponse'), 'BAD_RESPONSE');
  return parsed.data;
}

/** GET; resolves to the success body (parsed by options.schema when given). */
export function apiGet<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return call('GET', path, undefined, options);
}

export function apiPost<T = unknown>(
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  return call('POST', path, body, options);
}

export function apiPut<T = unknown>(
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  return call('PUT', path, body, options);
}

export function apiDelete<T = unknown>(
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  return call('DELETE', path, body, options);
}

export interface QueuedRequest {
  method: HttpMethod;
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

/**
 * For the offline outbox: sends one queued action and returns the raw status and body, so
 * the replayer decides (retry, rejected, done). Never throws for an HTTP status and never
 * opens the modal; throws ApiError NETWORK_ERROR only when the server cannot be reached.
 */
export async function sendRequest(
  request: QueuedRequest,
): Promise<{ status: number; body: unknown }> {
  const reply = await roundTrip(request);
  if (reply.undecryptable) {
    return {
      status: reply.status,
      body: { status: 'error', message: decryptFailedText(), error: 'DECRYPT_FAILED' },
    };
  }
  return { status: reply.status, body: reply.body };
}

export { ApiError } from './api-error.ts';
export type { ApiErrorCode } from './api-error.ts';
export type { HttpMethod } from './http-exchange.ts';
export {
  clearSecureSession,
  getSecureState,
  renewSecureSession,
  startSecureSession,
  subscribeSecureState,
  type SecureState,
  type SecureStatus,
} from './secure-session.ts';
export {
  closeSessionExpired,
  isSessionExpiredOpen,
  openSessionExpired,
  subscribeSessionExpired,
} from './session-expired.ts';
export { setApiBaseUrl } from './base-url.ts';
