// device_reports (issue 17 item 5, beyond-spec.md section 7 "Device health"): each signed-in
// device's last report of its outbox, one row per (device, user), replaced by the next. The
// user's rows go with the account (on delete cascade). The index serves the cascade and the
// cap on devices per account (devices.repository.ts).
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function deviceReports(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('device_reports')
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('pending_count', 'integer', (c) => c.notNull())
        .addColumn('oldest_pending_at', 'text')
        .addColumn('last_sync_at', 'text')
        .addColumn('attention_count', 'integer', (c) => c.notNull())
        .addColumn('app_version', 'text', (c) => c.notNull())
        .addColumn('reported_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('device_reports_pkey', ['device_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('device_reports_user')
        .on('device_reports')
        .columns(['user_id', 'reported_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('device_reports').execute();
    },
  };
}
