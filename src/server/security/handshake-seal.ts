// A pending handshake carried by its own session id instead of a database row.
// Why: the row cost a commit (an fsync on SQLite) at initiate and a read at completion, two of
// the three database trips of a handshake. Now initiate touches no table: the session id is the
// server's fresh private scalar and its issue time, sealed with AES-256-GCM under a key of the
// current minute, and completion opens it and writes the one completed row.
// The minute keys live in server_secrets ('handshake-seal:<minute>'), so any process on the
// database opens what another sealed, and are deleted a few minutes later: after that nobody,
// the database's thief included, can open a recorded session id to learn its private key (the
// forward secrecy the deleted pending row gave).
// Layout (73 bytes, 98 base64url characters; wire-protocol.md: opaque, >= 128 bits random):
// version 1 | minute u32 | IV 12 | sealed(issuedAtMs u64 | scalar 32) | tag 16; the first five
// bytes are the additional data, so neither the version nor the minute can be changed.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../db/kysely.ts';
import { findServerSecret, serverSecret } from './server-secrets.repository.ts';

const VERSION = 1;
const HEADER_LENGTH = 5;
const IV_LENGTH = 12;
const PAYLOAD_LENGTH = 8 + 32;
const TAG_LENGTH = 16;
const TOKEN_LENGTH = HEADER_LENGTH + IV_LENGTH + PAYLOAD_LENGTH + TAG_LENGTH;
const MINUTE_MS = 60_000;
const SECRET_PREFIX = 'handshake-seal:';
/** A token lives at most a minute, so its key is needed in its minute and the next one. */
const MINUTES_OPENABLE_BEFORE = 1;
/** Another process's clock may run a little ahead of this one's. */
const MINUTES_OPENABLE_AHEAD = 1;
/** Keys older than this many minutes are deleted (one more than needed, for clock skew). */
const MINUTES_KEPT = 3;

export interface PendingHandshake {
  issuedAt: Date;
  /** base64 of the 32-byte private scalar, as ecdh.ts stores it. */
  privateKey: string;
}

const minuteOf = (time: Date) => Math.floor(time.getTime() / MINUTE_MS);
/** Zero-padded, so that names sort as the minutes do. */
const secretName = (minute: number) => SECRET_PREFIX + String(minute).padStart(12, '0');

/** The minute keys of one database, cached by the process. */
class SealKeys {
  readonly #keys = new Map<number, Promise<Buffer>>();
  constructor(readonly db: Db) {}

  /** The key of `minute`, made on first use by whichever process comes first. */
  forSealing(minute: number): Promise<Buffer> {
    return this.#remember(minute, () => serverSecret(this.db, secretName(minute)));
  }

  /** The key of `minute` if it exists; a missing one (forged or deleted) is not cached. */
  async forOpening(minute: number): Promise<Buffer | undefined> {
    const cached = this.#keys.get(minute);
    if (cached !== undefined) return cached;
    const found = await findServerSecret(this.db, secretName(minute));
    return found === undefined ? undefined : this.#remember(minute, async () => found);
  }

  #remember(minute: number, load: () => Promise<Buffer>): Promise<Buffer> {
    let key = this.#keys.get(minute);
    if (key === undefined) {
      key = load();
      key.catch(() => this.#keys.delete(minute));
      this.#keys.set(minute, key);
      for (const old of this.#keys.keys()) {
        if (old < minute - MINUTES_KEPT) this.#keys.delete(old);
      }
    }
    return key;
  }
}

const keysByDb = new WeakMap<Db, SealKeys>();
function sealKeysOf(db: Db): SealKeys {
  let keys = keysByDb.get(db);
  if (keys === undefined) {
    keys = new SealKeys(db);
    keysByDb.set(db, keys);
  }
  return keys;
}

export async function sealPendingHandshake(db: Db, pending: PendingHandshake): Promise<string> {
  const minute = minuteOf(pending.issuedAt);
  const key = await sealKeysOf(db).forSealing(minute);
  const header = Buffer.alloc(HEADER_LENGTH);
  header.writeUInt8(VERSION, 0);
  header.writeUInt32BE(minute, 1);
  const payload = Buffer.alloc(PAYLOAD_LENGTH);
  payload.writeBigUInt64BE(BigInt(pending.issuedAt.getTime()), 0);
  Buffer.from(pending.privateKey, 'base64').copy(payload, 8);
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(header);
  const sealed = Buffer.concat([cipher.update(payload), cipher.final()]);
  return Buffer.concat([header, iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The token's bytes, or undefined when the text is not one (e.g. a WebCrypto-era id). */
export function tokenBytes(sessionId: string): Buffer | undefined {
  const bytes = Buffer.from(sessionId, 'base64url');
  const isToken =
    bytes.length === TOKEN_LENGTH &&
    bytes[0] === VERSION &&
    bytes.toString('base64url') === sessionId;
  return isToken ? bytes : undefined;
}

/**
 * The pending handshake a token carries, or undefined when it does not open: forged, changed,
 * sealed under a key that is gone, or of a minute that cannot hold a live handshake.
 * The caller judges the issue time against its expiry.
 */
export async function openPendingHandshake(
  db: Db,
  token: Buffer,
  now: Date,
): Promise<PendingHandshake | undefined> {
  const header = token.subarray(0, HEADER_LENGTH);
  const minute = header.readUInt32BE(1);
  const current = minuteOf(now);
  if (minute < current - MINUTES_OPENABLE_BEFORE || minute > current + MINUTES_OPENABLE_AHEAD) {
    return undefined;
  }
  const key = await sealKeysOf(db).forOpening(minute);
  if (key === undefined) return undefined;
  const iv = token.subarray(HEADER_LENGTH, HEADER_LENGTH + IV_LENGTH);
  const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(header);
  decipher.setAuthTag(token.subarray(TOKEN_LENGTH - TAG_LENGTH));
  let payload: Buffer;
  try {
    const sealed = token.subarray(HEADER_LENGTH + IV_LENGTH, TOKEN_LENGTH - TAG_LENGTH);
    payload = Buffer.concat([decipher.update(sealed), decipher.final()]);
  } catch {
    return undefined;
  }
  return {
    issuedAt: new Date(Number(payload.readBigUInt64BE(0))),
    privateKey: payload.subarray(8).toString('base64'),
  };
}

/** Deletes the minute keys no live handshake can need, so old tokens never open again. */
export async function deleteOldSealKeys(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('server_secrets')
    .where('name', 'like', `${SECRET_PREFIX}%`)
    .where('name', '<', secretName(minuteOf(now) - MINUTES_KEPT))
    .execute();
}
