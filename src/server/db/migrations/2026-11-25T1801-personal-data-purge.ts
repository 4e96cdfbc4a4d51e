// Retention (beyond-spec.md section 2 "Retention"): personal_data_purged_at marks an order or a
// feedback message whose address, phone, notes, names, email and location the sweep removed.
// The NOT NULL text columns (delivery_address, feedback.phone_number) are emptied rather than
// nulled: SQLite cannot relax NOT NULL without rebuilding the table, and the replies say null
// for a purged row anyway. A partial index keeps the hourly sweep's search to the rows it
// still has to purge.
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function personalDataPurge(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('personal_data_purged_at', 'text').execute();
      await db.schema.alterTable('feedback').addColumn('personal_data_purged_at', 'text').execute();
      await db.schema
        .createIndex('orders_unpurged_final')
        .on('orders')
        .columns(['updated_at', 'id'])
        .where(sql.ref('personal_data_purged_at'), 'is', null)
        .where(sql.ref('status'), 'in', ['COMPLETED', 'CANCELLED'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('orders_unpurged_final').execute();
      await db.schema.alterTable('feedback').dropColumn('personal_data_purged_at').execute();
      await db.schema.alterTable('orders').dropColumn('personal_data_purged_at').execute();
    },
  };
}
