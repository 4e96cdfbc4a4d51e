// The server's VAPID identity (RFC 8292): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else
// a pair made once with web-push and kept in the database, the same for every process on it.
// Checked at start: web-push signs a token with the pair, so a malformed key stops the start
// instead of failing every push later.
import webpush from 'web-push';
import type { Db } from '../db/kysely.ts';
import { storedVapidKeys } from './push-keys.repository.ts';
import type { VapidKeys } from './push.types.ts';

export async function loadVapidKeys(
  db: Db,
  fromEnv: VapidKeys | undefined,
  subject: string,
): Promise<VapidKeys> {
  const keys =
    fromEnv ?? (await storedVapidKeys(db, webpush.generateVAPIDKeys(), new Date().toISOString()));
  try {
    webpush.getVapidHeaders(
      'https://push.example',
      subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
  } catch (err) {
    throw new Error(`VAPID keys are not usable: ${(err as Error).message}`, { cause: err });
  }
  return keys;
}
