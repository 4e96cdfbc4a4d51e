// The server half of the handshake: a fresh P-256 key per handshake, pending for one minute,
// completed once. The pending private key travels sealed inside the session id
// (handshake-seal.ts), so initiate writes nothing and completion writes the one session row;
// any app process on the database can finish a handshake another one began.
import { InvalidPublicKeyError } from '#shared/secure-channel/index';
import type { Db } from '../db/kysely.ts';
import { AppError } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { clientPublicPoint, deriveSessionKey, generateServerKeyPair } from './ecdh.ts';
import { openPendingHandshake, sealPendingHandshake, tokenBytes } from './handshake-seal.ts';
import {
  completePendingSession,
  findPendingPrivateKey,
  insertCompletedSession,
} from './secure-sessions.repository.ts';
import { sessionExpired } from './session-errors.ts';

export const PENDING_HANDSHAKE_MS = 60_000;

export async function initiateHandshake(
  db: Db,
  now: Date,
): Promise<{ sessionId: string; serverPublicKey: string }> {
  const pair = generateServerKeyPair();
  const sessionId = await sealPendingHandshake(db, { issuedAt: now, privateKey: pair.privateKey });
  return { sessionId, serverPublicKey: pair.publicKeySpki };
}

function peerPointOf(clientPublicKey: string): Buffer {
  try {
    return clientPublicPoint(clientPublicKey);
  } catch (error) {
    if (error instanceof InvalidPublicKeyError) {
      // English as the key check words it; other languages the catalogue's refusal.
      const english = `clientPublicKey: ${error.message}`;
      throw new AppError('BAD_REQUEST', message('server.security.badPublicKey'), {}, english);
    }
    throw error;
  }
}

/** The pending private key of a sealed session id, while its minute lasts. */
async function sealedPrivateKey(db: Db, token: Buffer, now: Date): Promise<string | undefined> {
  const pending = await openPendingHandshake(db, token, now);
  if (pending === undefined) return undefined;
  const age = now.getTime() - pending.issuedAt.getTime();
  return age < PENDING_HANDSHAKE_MS ? pending.privateKey : undefined;
}

/** A handshake begun by a process of the pending-row era (a rolling restart meets some). */
async function completePendingRow(
  db: Db,
  sessionId: string,
  clientPoint: Buffer,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  const stored = await findPendingPrivateKey(db, sessionId, now);
  if (stored === undefined) throw sessionExpired();
  const aesKey = deriveSessionKey(stored, clientPoint).toString('base64');
  if (!(await completePendingSession(db, sessionId, aesKey, now, expiresAt))) {
    throw sessionExpired();
  }
}

export async function completeHandshake(
  db: Db,
  input: { sessionId: string; clientPublicKey: string },
  now: Date,
  sessionMaxMs: number,
): Promise<void> {
  // The key is judged first: a bad key is the caller's mistake (400) whatever the session.
  const clientPoint = peerPointOf(input.clientPublicKey);
  const expiresAt = new Date(now.getTime() + sessionMaxMs);
  const token = tokenBytes(input.sessionId);
  if (token === undefined) {
    await completePendingRow(db, input.sessionId, clientPoint, now, expiresAt);
    return;
  }
  const privateKey = await sealedPrivateKey(db, token, now);
  if (privateKey === undefined) throw sessionExpired();
  const aesKey = deriveSessionKey(privateKey, clientPoint).toString('base64');
  const row = { id: input.sessionId, aesKey, now, expiresAt };
  if (!(await insertCompletedSession(db, row))) throw sessionExpired();
}
