// The browser's secure session (spec sections 4, 7 and 9; wire-protocol.md "Secure session").
// Keeps: the session id and AES key in module memory (the key never leaves it: a reload
// re-handshakes), the session id also in localStorage under SESSION_ID_STORAGE_KEY (the spec's
// "Local storage keeps the encryption session id"), and a state that the shell subscribes to.
// Handshakes are single-flight: concurrent callers share the one in progress.
import {
  establishSecureSession,
  HandshakeError,
  type FetchLike,
  type SecureSession,
} from '#shared/secure-channel/index';
import { t } from '../i18n/i18n.ts';
import { apiUrl, getApiBaseUrl } from './base-url.ts';

export const SESSION_ID_STORAGE_KEY = 'secureSessionId';
/** Spec section 7: wait before the key exchange when not on a local host. */
export const REMOTE_HANDSHAKE_DELAY_MS = 300;

export type SecureStatus =
  | 'idle'
  | 'connecting'
  | 'ready'
  /** No answer from the server (offline): the shell may open with local data. */
  | 'network-failed'
  /** The server answered but the exchange failed: the 'Security Error' screen. */
  | 'server-failed'
  /** Something unexpected broke (e.g. no WebCrypto): 'Security Error' + message + Retry. */
  | 'fatal';

export interface SecureState {
  status: SecureStatus;
  /** The failure's message (spec section 8 texts for handshake failures). */
  error: string | null;
}

let state: SecureState = { status: 'idle', error: null };
let session: SecureSession | null = null;
let inFlight: Promise<SecureSession | null> | null = null;
const listeners = new Set<() => void>();

function setState(next: SecureState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSecureState(): SecureState {
  return state;
}

export function subscribeSecureState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentSecureSession(): SecureSession | null {
  return session;
}

const browserFetch: FetchLike = async (url, init) => fetch(url, init);

function failureStatus(error: unknown): SecureStatus {
  if (!(error instanceof HandshakeError)) return 'fatal';
  return error.kind === 'network' ? 'network-failed' : 'server-failed';
}

// The shared handshake client words its failures in the spec's English (section 8); the
// Security Error screen says them in the person's language, the transport's own text kept.
const UNREACHABLE = /^Server communication failed: (.*) \(fallback attempted\)$/s;

function failureText(error: unknown): string {
  if (!(error instanceof HandshakeError))
    return error instanceof Error ? error.message : String(error);
  const status = error.status ?? '';
  if (error.kind === 'format') return t('common.api.invalidResponse');
  if (error.kind === 'initiate') return t('common.security.initiateFailed', { status });
  if (error.kind === 'complete') return t('common.security.completeFailed', { status });
  const detail = UNREACHABLE.exec(error.message)?.[1];
  return detail === undefined ? error.message : t('common.security.unreachable', { detail });
}

function storeSessionId(sessionId: string | null): void {
  try {
    if (sessionId === null) localStorage.removeItem(SESSION_ID_STORAGE_KEY);
    else localStorage.setItem(SESSION_ID_STORAGE_KEY, sessionId);
  } catch {
    // Storage can be disabled (private mode); the id in memory is what requests use.
  }
}

async function handshake(): Promise<SecureSession | null> {
  try {
    const opened = await establishSecureSession(browserFetch, {
      baseUrl: getApiBaseUrl(),
      clientId: import.meta.env.VITE_CLIENT_ID,
      clientAuthKey: import.meta.env.VITE_CLIENT_AUTH_KEY,
    });
    session = opened;
    storeSessionId(opened.sessionId);
    setState({ status: 'ready', error: null });
    return opened;
  } catch (error) {
    session = null;
    setState({ status: failureStatus(error), error: failureText(error) });
    return null;
  }
}

function runOnce(delayMs: number): Promise<SecureSession | null> {
  inFlight ??= (async () => {
    setState({ status: 'connecting', error: null });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return handshake();
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Starts a handshake unless one is running; resolves to the session, or null on failure. */
export function renewSecureSession(): Promise<SecureSession | null> {
  return runOnce(0);
}

/** After the server refused `stale`: a newer session if another caller already made one. */
export function replaceSecureSession(stale: SecureSession | null): Promise<SecureSession | null> {
  if (session !== null && session !== stale) return Promise.resolve(session);
  return renewSecureSession();
}

function isLocalHost(): boolean {
  const host = new URL(apiUrl('/')).hostname;
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host);
}

/** The startup exchange: after REMOTE_HANDSHAKE_DELAY_MS unless the server is local. */
export async function startSecureSession(): Promise<SecureSession | null> {
  if (session !== null) return session;
  return runOnce(isLocalHost() ? 0 : REMOTE_HANDSHAKE_DELAY_MS);
}

/**
 * The session a request should use: the current one, the one being set up, or (after a
 * failure) one fresh attempt. null means "send in the clear" (the server accepts both).
 */
export async function awaitSecureSession(): Promise<SecureSession | null> {
  if (session !== null) return session;
  if (inFlight !== null) return inFlight;
  return renewSecureSession();
}

/** Logout: forget the session (the server ends it with the login) and its stored id. */
export function clearSecureSession(): void {
  session = null;
  storeSessionId(null);
  setState({ status: 'idle', error: null });
}
