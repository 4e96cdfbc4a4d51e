// What the per-person order limits count (rules/order-limits.ts), and the locks that make a
// count and the insert after it one step. On PostgreSQL two orders of one person could each
// count before either inserts: the client's user row is locked (FOR NO KEY UPDATE, which does
// not block the foreign-key checks of other tables), and a guest's phone and email keys take
// transaction-scoped advisory locks. SQLite serialises write transactions already.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Trx = Transaction<Database>;

/** Holds the client's row until the transaction ends (PostgreSQL only: rowLocks). */
export async function lockClient(trx: Trx, userId: number, rowLocks: boolean): Promise<void> {
  if (!rowLocks) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/**
 * Holds each guest key until the transaction ends (PostgreSQL only). Keys are locked in sorted
 * order, so two orders sharing a phone and an email never wait on each other in a cycle.
 */
export async function lockGuestKeys(
  trx: Trx,
  keys: readonly string[],
  rowLocks: boolean,
): Promise<void> {
  if (!rowLocks) return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`guest-order:${key}`}, 0))`.execute(
      trx,
    );
  }
}

/** The client's orders still PENDING or PROCESSING. */
export async function countOpenOrders(trx: Trx, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Guest orders placed after `since` with this phone key or this email key (any status). */
export async function countGuestOrdersSince(
  trx: Trx,
  keys: { phoneKey: string; emailKey: string },
  since: Date,
): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('order_type', '=', 'GUEST')
    .where('request_time', '>', since.toISOString())
    .where((eb) =>
      eb.or([eb('guest_phone_key', '=', keys.phoneKey), eb('guest_email_key', '=', keys.emailKey)]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
