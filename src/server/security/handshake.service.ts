// The server half of the handshake: a fresh P-256 key per handshake, pending for one minute,
// completed once. The private key waits in the database between the two calls so any app
// process can finish a handshake another one began.
import { randomBytes } from 'node:crypto';
import { InvalidPublicKeyError } from '#shared/secure-channel/index';
import type { Db } from '../db/kysely.ts';
import { badRequest } from '../errors.ts';
import { clientPublicPoint, deriveSessionKey, generateServerKeyPair } from './ecdh.ts';
import {
  completePendingSession,
  findPendingPrivateKey,
  insertPendingSession,
} from './secure-sessions.repository.ts';
import { sessionExpired } from './session-errors.ts';

export const PENDING_HANDSHAKE_MS = 60_000;
/** 192 bits: well past the 128 the wire protocol asks for. */
const SESSION_ID_BYTES = 24;

export async function initiateHandshake(
  db: Db,
  now: Date,
): Promise<{ sessionId: string; serverPublicKey: string }> {
  const pair = generateServerKeyPair();
  const sessionId = randomBytes(SESSION_ID_BYTES).toString('base64url');
  await insertPendingSession(db, {
    id: sessionId,
    serverPrivateKey: pair.privateKey,
    now,
    expiresAt: new Date(now.getTime() + PENDING_HANDSHAKE_MS),
  });
  return { sessionId, serverPublicKey: pair.publicKeySpki };
}

function peerPointOf(clientPublicKey: string): Buffer {
  try {
    return clientPublicPoint(clientPublicKey);
  } catch (error) {
    if (error instanceof InvalidPublicKeyError) {
      throw badRequest(`clientPublicKey: ${error.message}`);
    }
    throw error;
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
  const stored = await findPendingPrivateKey(db, input.sessionId, now);
  if (stored === undefined) throw sessionExpired();
  const aesKey = deriveSessionKey(stored, clientPoint).toString('base64');
  const expiresAt = new Date(now.getTime() + sessionMaxMs);
  const done = await completePendingSession(db, input.sessionId, aesKey, now, expiresAt);
  if (!done) throw sessionExpired();
}
