// Indexes for the paged order lists (orders/order-lists.repository.ts): newest first by
// request_time then id, with or without a status filter. With the id in the index a page's
// keyset condition and its ORDER BY are answered from the index alone, never by sorting the
// table (`npm run bench -- admin`: All Orders over 10,000 orders).
// orders_status_time (status, request_time) is superseded by the wider index.
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function orderListIndexes(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('orders_status_time_id')
        .on('orders')
        .columns(['status', 'request_time', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_time_id')
        .on('orders')
        .columns(['request_time', 'id'])
        .execute();
      await db.schema.dropIndex('orders_status_time').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema
        .createIndex('orders_status_time')
        .on('orders')
        .columns(['status', 'request_time'])
        .execute();
      await db.schema.dropIndex('orders_time_id').execute();
      await db.schema.dropIndex('orders_status_time_id').execute();
    },
  };
}
