// Web Push (issue 19, beyond-spec.md section 3): each person's push subscriptions (one row per
// browser endpoint; an endpoint belongs to whoever subscribed it last, and goes with the
// account), and which device got which notification (push_deliveries), so a retry after a
// partial failure never sends twice to a device that already has it. A delivery row is
// claimed ('sending') before the push leaves and marked 'sent' after; its subscription's
// deletion takes it along. notification_id names a row of `notifications` (the queue's own
// migration) without a foreign key, so the two migrations stay independent.
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function push(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await t
        .addId(db.schema.createTable('push_subscriptions'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_success_at', 'text')
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user')
        .on('push_subscriptions')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('push_deliveries')
        .addColumn('notification_id', 'integer', (c) => c.notNull())
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('push_subscriptions.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addPrimaryKeyConstraint('push_deliveries_pkey', ['notification_id', 'subscription_id'])
        .execute();
      // The subscription's cascade looks deliveries up by subscription.
      await db.schema
        .createIndex('push_deliveries_subscription')
        .on('push_deliveries')
        .column('subscription_id')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('push_deliveries').execute();
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
