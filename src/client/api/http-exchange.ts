// One HTTP exchange with the API, through the secure session when there is one
// (wire-protocol.md "Secure session" item 4): the body is encrypted and sent as text/plain
// with X-Session-ID, and a text/plain reply is decrypted. Without a session the body goes as
// plain JSON (the server accepts both). Statuses are returned, never thrown; only a failure to
// reach the server throws (ApiError NETWORK_ERROR).
import {
  decryptJson,
  encryptJson,
  SESSION_ID_HEADER,
  type SecureSession,
} from '#shared/secure-channel/index';
import { currentLanguage } from '../i18n/i18n.ts';
import { ApiError, networkErrorText } from './api-error.ts';
import { apiUrl } from './base-url.ts';
import { noteServerDate } from './server-clock.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RawRequest {
  method: HttpMethod;
  /** Path with its query string, e.g. '/api/orders/user/3?userRole=CLIENT'. */
  path: string;
  /** A JSON value, or FormData for multipart uploads (never encrypted). */
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

export interface RawReply {
  status: number;
  body: unknown;
  /** 401 SESSION_EXPIRED: the server no longer knows our secure session. */
  sessionExpired: boolean;
  /** The reply claimed to be encrypted but did not decrypt with our key. */
  undecryptable: boolean;
}

async function encodeBody(
  request: RawRequest,
  session: SecureSession | null,
  headers: Record<string, string>,
): Promise<BodyInit | undefined> {
  if (request.method === 'GET') return undefined;
  if (request.body instanceof FormData) return request.body;
  // A state-changing call always carries a body: an empty JSON object at least, so the
  // server's cross-site guard sees a JSON type or the session header.
  const value = request.body ?? {};
  if (session === null) {
    headers['Content-Type'] = 'application/json';
    return JSON.stringify(value);
  }
  headers['Content-Type'] = 'text/plain';
  return encryptJson(session.key, value);
}

async function decodeBody(
  response: Response,
  session: SecureSession | null,
): Promise<{ body: unknown; undecryptable: boolean }> {
  const text = await response.text();
  if (text === '') return { body: null, undecryptable: false };
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/plain') && session !== null) {
    try {
      return { body: await decryptJson(session.key, text), undecryptable: false };
    } catch {
      return { body: null, undecryptable: true };
    }
  }
  try {
    return { body: JSON.parse(text) as unknown, undecryptable: false };
  } catch {
    return { body: text, undecryptable: false };
  }
}

function isSessionExpired(status: number, body: unknown): boolean {
  return (
    status === 401 &&
    typeof body === 'object' &&
    body !== null &&
    (body as { error?: unknown }).error === 'SESSION_EXPIRED'
  );
}

export async function exchange(
  request: RawRequest,
  session: SecureSession | null,
): Promise<RawReply> {
  const isMultipart = request.body instanceof FormData;
  // Multipart bodies cannot be encrypted, so they go without the session header.
  const usable = isMultipart ? null : session;
  // The person's language, not the browser's: the server words its refusals in it.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...request.headers,
  };
  if (usable !== null) headers[SESSION_ID_HEADER] = usable.sessionId;
  if (request.idempotencyKey !== undefined) headers['Idempotency-Key'] = request.idempotencyKey;
  const body = await encodeBody(request, usable, headers);
  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(apiUrl(request.path), {
      method: request.method,
      headers,
      body,
      credentials: 'same-origin',
    });
  } catch (error) {
    // The spec shows "the transport error text" (e.g. 'Failed to fetch') for these.
    const text = error instanceof Error ? error.message : '';
    throw new ApiError(0, text === '' ? networkErrorText() : text, 'NETWORK_ERROR');
  }
  noteServerDate(response.headers.get('date'), sentAt, Date.now());
  const decoded = await decodeBody(response, usable);
  return {
    status: response.status,
    body: decoded.body,
    sessionExpired: isSessionExpired(response.status, decoded.body),
    undecryptable: decoded.undecryptable,
  };
}
