// The retention sweep's writes, one batch per call (each one statement, so each batch is
// atomic on its own). Items, quantities, times and statuses stay: the counts and reports need
// them, and they say nothing about a person.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The ids of a batch: what the caller's audit entry names. */
export interface PurgedBatch {
  ids: number[];
}

/** COMPLETED or CANCELLED orders last changed before `cutoff` that still hold personal data. */
export async function purgeOrderBatch(
  db: Kysely<Database>,
  cutoff: string,
  now: string,
  size: number,
): Promise<PurgedBatch> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('personal_data_purged_at', 'is', null)
    .where('status', 'in', ['COMPLETED', 'CANCELLED'])
    .where('updated_at', '<', cutoff)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(size)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ids };
  await db
    .updateTable('orders')
    .set({
      delivery_address: '',
      phone_number: null,
      notes: null,
      first_name: null,
      last_name: null,
      email: null,
      latitude: null,
      longitude: null,
      guest_phone_key: null,
      guest_email_key: null,
      personal_data_purged_at: now,
    })
    .where('id', 'in', ids)
    .execute();
  return { ids };
}

/** Feedback sent before `cutoff` that still holds a phone. */
export async function purgeFeedbackBatch(
  db: Kysely<Database>,
  cutoff: string,
  now: string,
  size: number,
): Promise<PurgedBatch> {
  const rows = await db
    .selectFrom('feedback')
    .select('id')
    .where('personal_data_purged_at', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(size)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ids };
  await db
    .updateTable('feedback')
    .set({ phone_number: '', personal_data_purged_at: now })
    .where('id', 'in', ids)
    .execute();
  return { ids };
}

/** Applications rejected before `cutoff`: deleted with everything they held. */
export async function deleteRejectedApplicationBatch(
  db: Kysely<Database>,
  cutoff: string,
  size: number,
): Promise<PurgedBatch> {
  const rows = await db
    .selectFrom('volunteer_applications')
    .select('id')
    .where('status', '=', 'REJECTED')
    .where('decided_at', '<', cutoff)
    .orderBy('id')
    .limit(size)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await db.deleteFrom('volunteer_applications').where('id', 'in', ids).execute();
  }
  return { ids };
}
