// Resolves the X-Session-ID of one request to its AES key (raw bytes, see aes-gcm.ts), or refuses with SESSION_EXPIRED:
// unknown, never completed, idle too long, past its absolute expiry, or bound to a login that
// is not the one this request's cookie carries (DESIGN.md "Security rules").
import type { Db } from '../db/kysely.ts';
import { findCompletedSession, touchSession } from './secure-sessions.repository.ts';
import { sessionExpired } from './session-errors.ts';

/** last_used_at is written at most this often per session: the idle clock needs no finer grain. */
const TOUCH_EVERY_MS = 60_000;

export async function openSecureSession(
  db: Db,
  sessionId: string,
  loginSessionId: string | null,
  now: Date,
  idleMs: number,
): Promise<Buffer> {
  const row = await findCompletedSession(db, sessionId);
  if (row === undefined) throw sessionExpired();
  const lastUsedMs = new Date(row.lastUsedAt).getTime();
  if (row.expiresAt <= now.toISOString() || lastUsedMs + idleMs <= now.getTime()) {
    throw sessionExpired();
  }
  if (row.loginSessionId !== null && row.loginSessionId !== loginSessionId) throw sessionExpired();
  if (now.getTime() - lastUsedMs >= TOUCH_EVERY_MS) await touchSession(db, sessionId, now);
  // Stored base64 by the server itself: no need for the strict decoder.
  return Buffer.from(row.aesKey, 'base64');
}
