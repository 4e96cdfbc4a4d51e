// Keys the server makes once and keeps in the database (server_secrets), so they survive a
// restart and every process on one database holds the same one.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/kysely.ts';

/**
 * The named secret, made on first use. Two processes starting at once may both try to insert;
 * the primary key keeps the first, and both read back the same value.
 */
export async function serverSecret(db: Db, name: string, bytes = 32): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({
      name,
      value: randomBytes(bytes).toString('base64url'),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/** The named secret if it exists (never made here). */
export async function findServerSecret(db: Db, name: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row === undefined ? undefined : Buffer.from(row.value, 'base64url');
}
