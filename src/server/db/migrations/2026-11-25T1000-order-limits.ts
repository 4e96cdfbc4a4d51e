// Order limits (beyond-spec.md section 1 "Supplies can't be drained"):
// - cargo_items.max_per_order: how many of the item one order may ask for; 10 for every item
//   that exists already (the default), at least 1.
// - orders.guest_phone_key / guest_email_key: a guest order's phone and email normalised
//   (shared/rules/order-limits.ts), so "2 guest orders per phone or email per 24 hours" is an
//   indexed count however the guest writes them. Guest orders of the last 24 hours are
//   filled in here, so the limit holds across the upgrade; older ones never count again.
import { sql, type Kysely, type Migration } from 'kysely';
import { emailKey, phoneKey } from '#shared/rules/order-limits';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

const DAY_MS = 24 * 60 * 60 * 1000;

async function fillRecentGuestKeys(db: Kysely<any>): Promise<void> {
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const rows: { id: number; phone_number: string | null; email: string | null }[] = await db
    .selectFrom('orders')
    .select(['id', 'phone_number', 'email'])
    .where('order_type', '=', 'GUEST')
    .where('request_time', '>', since)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('orders')
      .set({
        guest_phone_key: row.phone_number === null ? null : phoneKey(row.phone_number),
        guest_email_key: row.email === null ? null : emailKey(row.email),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

export function orderLimits(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('cargo_items')
        .addColumn('max_per_order', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(10)
            .check(sql`max_per_order >= 1`),
        )
        .execute();
      await db.schema.alterTable('orders').addColumn('guest_phone_key', 'text').execute();
      await db.schema.alterTable('orders').addColumn('guest_email_key', 'text').execute();
      await db.schema
        .createIndex('orders_guest_phone_time')
        .on('orders')
        .columns(['guest_phone_key', 'request_time'])
        .execute();
      await db.schema
        .createIndex('orders_guest_email_time')
        .on('orders')
        .columns(['guest_email_key', 'request_time'])
        .execute();
      await fillRecentGuestKeys(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('orders_guest_email_time').execute();
      await db.schema.dropIndex('orders_guest_phone_time').execute();
      await db.schema.alterTable('orders').dropColumn('guest_email_key').execute();
      await db.schema.alterTable('orders').dropColumn('guest_phone_key').execute();
      await db.schema.alterTable('cargo_items').dropColumn('max_per_order').execute();
    },
  };
}
