// The VAPID key pair made by the server (when the environment names none), kept in
// server_secrets as one row 'vapid-keys' = "<public>.<private>" (both base64url), so the
// pair is always read together.
import type { Db } from '../db/kysely.ts';
import type { VapidKeys } from './push.types.ts';

const NAME = 'vapid-keys';

/**
 * The stored pair; `made` is inserted only when none is stored. Processes starting at once
 * may each offer a pair: the primary key keeps the first, and all read back that one.
 */
export async function storedVapidKeys(db: Db, made: VapidKeys, now: string): Promise<VapidKeys> {
  await db
    .insertInto('server_secrets')
    .values({ name: NAME, value: `${made.publicKey}.${made.privateKey}`, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  const [publicKey = '', privateKey = ''] = row.value.split('.');
  return { publicKey, privateKey };
}
