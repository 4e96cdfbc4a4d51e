// Resolves the X-Session-ID of one request to its AES key (raw bytes, see aes-gcm.ts), or refuses with SESSION_EXPIRED:
// unknown, never completed, idle too long, past its absolute expiry, bound to a login that
// is not the one this request's cookie carries (DESIGN.md "Security rules"), or used up (it
// has accepted its SECURE_SESSION_MAX_MESSAGES: the client re-handshakes for a fresh key).
// Looking a session up writes nothing: the plugin first judges whether the caller may make the
// request at all, and only a request it lets through keeps the session alive (touchIfDue).
import type { Db } from '../db/kysely.ts';
import {
  SECURE_SESSION_MAX_MESSAGES,
  touchSession,
  type ActiveSecureSession,
} from './secure-sessions.repository.ts';
import { sessionExpired } from './session-errors.ts';

/** last_used_at is written at most this often per session: the idle clock needs no finer grain. */
const TOUCH_EVERY_MS = 60_000;

export interface OpenedSecureSession {
  key: Buffer;
  /** When the session's idle clock was last written. */
  lastUsedMs: number;
}

/** `row`: the completed session as read by the request's lookup (plugins/request-lookup.ts). */
export function openSecureSession(
  row: ActiveSecureSession | undefined,
  loginSessionId: string | null,
  now: Date,
  idleMs: number,
): OpenedSecureSession {
  if (row === undefined) throw sessionExpired();
  const lastUsedMs = new Date(row.lastUsedAt).getTime();
  if (row.expiresAt <= now.toISOString() || lastUsedMs + idleMs <= now.getTime()) {
    throw sessionExpired();
  }
  if (row.loginSessionId !== null && row.loginSessionId !== loginSessionId) throw sessionExpired();
  if (row.messageCount >= SECURE_SESSION_MAX_MESSAGES) throw sessionExpired();
  // Stored base64 by the server itself: no need for the strict decoder.
  return { key: Buffer.from(row.aesKey, 'base64'), lastUsedMs };
}

/** Moves the session's idle clock, at most once a minute. */
export async function touchIfDue(
  db: Db,
  sessionId: string,
  opened: OpenedSecureSession,
  now: Date,
): Promise<void> {
  if (now.getTime() - opened.lastUsedMs >= TOUCH_EVERY_MS) await touchSession(db, sessionId, now);
}
