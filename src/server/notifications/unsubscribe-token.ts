// The mail opt-out link's token: `<userId>.<signature>`, the signature an HMAC-SHA256 of
// "notify-unsubscribe:<userId>" under the server's `notify-unsubscribe` secret
// (server_secrets), so only the server makes one, it names exactly one person, and it keeps
// working (a mail read weeks later still turns mail off). It can do one thing only: turn
// that person's mail off.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/kysely.ts';
import { serverSecret } from '../security/server-secrets.repository.ts';

export const UNSUBSCRIBE_SECRET = 'notify-unsubscribe';
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

export interface UnsubscribeTokens {
  tokenFor(userId: number): string;
  /** The user id the token names, or null when it is not one the server made. */
  userOf(token: string): number | null;
}

export function unsubscribeTokens(key: Buffer): UnsubscribeTokens {
  const sign = (userId: number) =>
    createHmac('sha256', key).update(`${UNSUBSCRIBE_SECRET}:${userId}`).digest('base64url');
  return {
    tokenFor: (userId) => `${userId}.${sign(userId)}`,
    userOf(token) {
      const match = TOKEN.exec(token);
      if (match === null) return null;
      const userId = Number(match[1]);
      const expected = Buffer.from(sign(userId));
      const given = Buffer.from(match[2] ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return userId;
    },
  };
}

/** The tokens under this database's key (made on first use, the same in every process). */
export async function loadUnsubscribeTokens(db: Db): Promise<UnsubscribeTokens> {
  return unsubscribeTokens(await serverSecret(db, UNSUBSCRIBE_SECRET));
}
