// Notifications (issue 19, beyond-spec.md section 3): the durable queue the worker sends from,
// and each person's preferences.
// - notifications: one row per (event, person, channel), written in the transaction of the
//   change that causes it; UNIQUE (event_key, user_id, channel) makes a second queueing of the
//   same event (a replay, a lottery run twice, the reminder scheduler's next pass) a no-op.
//   params is JSON text of what the texts need (titles, times, ids), never a client's address
//   or phone. The worker claims rows by (status, next_attempt_at).
// - users.notify_push / notify_email (0/1, default 1): columns, not a table: two booleans per
//   person, read with the user row the mail channel reads anyway.
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function notifications(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await t
        .addId(db.schema.createTable('notifications'))
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('event_key', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addUniqueConstraint('notifications_event_user_channel', [
          'event_key',
          'user_id',
          'channel',
        ])
        .execute();
      await db.schema
        .createIndex('notifications_claim')
        .on('notifications')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('notifications_user')
        .on('notifications')
        .column('user_id')
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('notify_push', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('users').dropColumn('notify_email').execute();
      await db.schema.alterTable('users').dropColumn('notify_push').execute();
      await db.schema.dropTable('notifications').execute();
    },
  };
}
