// The order-limits migration on a database made by the migrations before it, on SQLite and
// PostgreSQL: every existing item gets maxPerOrder 10, a maxPerOrder below 1 is refused by the
// database itself, and the guest orders of the last 24 hours get their normalised phone and
// email keys (so the 2-a-day limit holds across the upgrade); older and client orders do not.
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import { testDialects } from '../../support/build-app.ts';
import { withEarlierSchema } from '../../support/migration-db.ts';

const HOUR = 60 * 60 * 1000;

describe.each(testDialects())('order-limits migration (%s)', (dialect) => {
  it('gives existing items a max of 10 and recent guest orders their keys', async () => {
    await withEarlierSchema(dialect, '2026-11-25T1000-order-limits', async (opened) => {
      const db = opened.db;

      const now = Date.now();
      const item = async (name: string) =>
        db
          .insertInto('cargo_items')
          .values({
            name,
            name_key: name.toLowerCase(),
            description: null,
            category: null,
            quantity: 5,
            image_id: null,
            created_at: new Date(now).toISOString(),
            updated_at: new Date(now).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const gauze = await item('Gauze');
      const soap = await item('Soap');
      const order = async (
        type: 'GUEST' | 'CLIENT',
        phone: string,
        email: string | null,
        ageMs: number,
      ) => {
        const time = new Date(now - ageMs).toISOString();
        const row = await db
          .insertInto('orders')
          .values({
            user_id: null,
            order_type: type,
            status: 'PENDING',
            delivery_address: 'Somewhere',
            phone_number: phone,
            notes: 'n',
            email,
            round_id: null,
            request_time: time,
            updated_at: time,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      const recent = await order('GUEST', '+1 (412) 555-0100', ' Gale+x@Example.org', HOUR);
      const old = await order('GUEST', '4125550100', 'gale@example.org', 30 * HOUR);
      const client = await order('CLIENT', '4125550100', null, HOUR);

      await migrateToLatest(opened);

      const items = await db
        .selectFrom('cargo_items')
        .select(['id', 'max_per_order'])
        .orderBy('id')
        .execute();
      expect(items).toEqual([
        { id: gauze.id, max_per_order: 10 },
        { id: soap.id, max_per_order: 10 },
      ]);
      const keys = await db
        .selectFrom('orders')
        .select(['id', 'guest_phone_key', 'guest_email_key'])
        .orderBy('id')
        .execute();
      expect(keys).toEqual([
        { id: recent, guest_phone_key: '4125550100', guest_email_key: 'gale@example.org' },
        { id: old, guest_phone_key: null, guest_email_key: null },
        { id: client, guest_phone_key: null, guest_email_key: null },
      ]);
      // The database keeps maxPerOrder at 1 or more whoever writes it.
      await expect(
        db.updateTable('cargo_items').set({ max_per_order: 0 }).where('id', '=', soap.id).execute(),
      ).rejects.toThrow();
    });
  });
});
