// The idempotency_keys table: one row per (scope, key) holding the first reply given to it.
// Rows are written inside the transaction of the write they guard (see run-idempotent.ts).
import type { Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';

export interface KeyClaim {
  scope: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

export interface StoredKey {
  method: string;
  path: string;
  requestHash: string;
  statusCode: number;
  replyJson: string;
}

/**
 * Inserts a placeholder row for the key; false when the key already exists. On PostgreSQL a
 * concurrent transaction holding the same key makes this wait until it ends, so the loser
 * then sees the winner's committed row instead of running the write a second time.
 */
export async function claimKey(
  trx: Transaction<Database>,
  claim: KeyClaim,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .insertInto('idempotency_keys')
    .values({
      scope: claim.scope,
      key: claim.key,
      method: claim.method,
      path: claim.path,
      request_hash: claim.requestHash,
      status_code: 0,
      reply_json: '',
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findKey(
  db: Db | Transaction<Database>,
  scope: string,
  key: string,
): Promise<StoredKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select([
      'method',
      'path',
      'request_hash as requestHash',
      'status_code as statusCode',
      'reply_json as replyJson',
    ])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function saveReply(
  trx: Transaction<Database>,
  scope: string,
  key: string,
  reply: { statusCode: number; body: unknown },
): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: reply.statusCode, reply_json: JSON.stringify(reply.body) })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
}

/** Deletes keys created before `before`; returns how many went. */
export async function pruneKeys(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
