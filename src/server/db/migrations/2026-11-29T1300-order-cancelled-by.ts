// Who cancelled an order (issue 20 item 5): `cancelled_by` is the user id of whoever cancelled
// it, set by the one cancel path for the client's own cancel and an admin's alike. The client's
// history shows "cancelled by you" or "by the team" from it, never who on the team. Not a
// foreign key (like audit_log.actor_id): deleting the admin must neither fail nor rewrite the
// order. Orders cancelled before this migration are decided from what is known: an admin's
// cancel is in the audit log ('order.cancel'); any other cancel of a client's order was the
// client's own. A client's recent cancelled orders are read by (user_id, status, updated_at).
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function orderCancelledBy(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('cancelled_by', 'integer').execute();
      await sql`
        UPDATE orders SET cancelled_by = COALESCE(
          (SELECT a.actor_id FROM audit_log a
            WHERE a.action = 'order.cancel' AND a.target_type = 'order' AND a.target_id = orders.id
            ORDER BY a.id DESC LIMIT 1),
          orders.user_id)
        WHERE status = 'CANCELLED'`.execute(db);
      await db.schema
        .createIndex('orders_user_cancelled')
        .on('orders')
        .columns(['user_id', 'updated_at'])
        .where(sql.ref('status'), '=', 'CANCELLED')
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('orders_user_cancelled').execute();
      await db.schema.alterTable('orders').dropColumn('cancelled_by').execute();
    },
  };
}
