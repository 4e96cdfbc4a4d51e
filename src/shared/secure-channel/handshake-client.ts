// The client half of the handshake (spec section 7 "Secure session"), shared by the web
// client and Node callers (tests, benchmarks). The caller passes its fetch, so src/shared
// never reaches for a global one. Error texts are the spec's (section 8), exactly.
import { InvalidPublicKeyError } from './errors.ts';
import {
  deriveAesKey,
  exportPublicKeySpki,
  generateEcdhKeyPair,
  importPeerPublicKey,
} from './keys.ts';
import { signHandshake } from './signature.ts';
import type { CryptoKey } from './webcrypto.ts';

export const INITIATE_HANDSHAKE_PATH = '/api/security/initiate-handshake';
export const COMPLETE_HANDSHAKE_PATH = '/api/security/complete-handshake';
export const CLIENT_ID_HEADER = 'X-Client-ID';
export const TIMESTAMP_HEADER = 'X-Timestamp';
export const SIGNATURE_HEADER = 'X-Signature';
export const SESSION_ID_HEADER = 'X-Session-ID';

export interface SecureSession {
  sessionId: string;
  key: CryptoKey;
}

export interface FetchLikeInit {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  credentials?: 'include';
  mode?: 'no-cors';
}
export interface FetchLikeResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}
/** Structurally a subset of fetch: the browser's and Node's fetch both fit. */
export type FetchLike = (url: string, init: FetchLikeInit) => Promise<FetchLikeResponse>;

export interface HandshakeOptions {
  /** '' for same origin, else an origin such as 'http://127.0.0.1:8080'. */
  baseUrl: string;
  clientId: string;
  /** When absent, no X-Signature is sent (the spec signs "when available"). */
  clientAuthKey?: string;
  now?: () => number;
}

/** kind lets the caller tell "no network" (open offline) from "the server refused". */
export type HandshakeFailure = 'network' | 'initiate' | 'complete' | 'format';

export class HandshakeError extends Error {
  readonly kind: HandshakeFailure;
  readonly status: number | undefined;
  constructor(kind: HandshakeFailure, message: string, status?: number) {
    super(message);
    this.name = 'HandshakeError';
    this.kind = kind;
    this.status = status;
  }
}

const INVALID_FORMAT = 'Invalid response format from server';

async function signedHeaders(options: HandshakeOptions): Promise<Record<string, string>> {
  const timestamp = (options.now ?? Date.now)();
  const headers: Record<string, string> = {
    [CLIENT_ID_HEADER]: options.clientId,
    [TIMESTAMP_HEADER]: String(timestamp),
  };
  if (options.clientAuthKey !== undefined) {
    headers[SIGNATURE_HEADER] = await signHandshake(
      options.clientAuthKey,
      options.clientId,
      timestamp,
    );
  }
  return headers;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function initiate(
  fetchLike: FetchLike,
  url: string,
  headers: Record<string, string>,
): Promise<FetchLikeResponse> {
  try {
    return await fetchLike(url, { method: 'GET', headers, credentials: 'include' });
  } catch (error) {
    // The spec probes the same path once more without CORS, then fails regardless.
    try {
      await fetchLike(url, { method: 'GET', mode: 'no-cors', credentials: 'include' });
    } catch {
      // The probe's own outcome changes nothing.
    }
    throw new HandshakeError(
      'network',
      `Server communication failed: ${messageOf(error)} (fallback attempted)`,
    );
  }
}

async function readInitiateReply(
  response: FetchLikeResponse,
): Promise<{ sessionId: string; serverPublicKey: CryptoKey }> {
  if (!response.ok) {
    throw new HandshakeError(
      'initiate',
      `Server handshake failed: ${response.status}`,
      response.status,
    );
  }
  const body = await response.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null) throw new HandshakeError('format', INVALID_FORMAT);
  const { sessionId, serverPublicKey } = body as Record<string, unknown>;
  if (typeof sessionId !== 'string' || sessionId === '' || typeof serverPublicKey !== 'string') {
    throw new HandshakeError('format', INVALID_FORMAT);
  }
  try {
    return { sessionId, serverPublicKey: await importPeerPublicKey(serverPublicKey) };
  } catch (error) {
    if (error instanceof InvalidPublicKeyError) throw new HandshakeError('format', INVALID_FORMAT);
    throw error;
  }
}

async function complete(
  fetchLike: FetchLike,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<void> {
  let response: FetchLikeResponse;
  try {
    response = await fetchLike(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body,
      credentials: 'include',
    });
  } catch (error) {
    throw new HandshakeError('network', messageOf(error));
  }
  if (!response.ok) {
    throw new HandshakeError(
      'complete',
      `Handshake completion failed: ${response.status}`,
      response.status,
    );
  }
}

/** Runs both handshake calls and returns the session id and the derived AES-GCM key. */
export async function establishSecureSession(
  fetchLike: FetchLike,
  options: HandshakeOptions,
): Promise<SecureSession> {
  const keyPair = await generateEcdhKeyPair();
  const headers = await signedHeaders(options);
  const reply = await initiate(fetchLike, options.baseUrl + INITIATE_HANDSHAKE_PATH, headers);
  const { sessionId, serverPublicKey } = await readInitiateReply(reply);
  const clientPublicKey = await exportPublicKeySpki(keyPair.publicKey);
  const body = JSON.stringify({ sessionId, clientPublicKey });
  await complete(fetchLike, options.baseUrl + COMPLETE_HANDSHAKE_PATH, headers, body);
  return { sessionId, key: await deriveAesKey(keyPair.privateKey, serverPublicKey) };
}
