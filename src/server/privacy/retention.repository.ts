// The retention sweep's writes, one batch per call: the ids of the next rows due, then one
// statement over exactly those ids, so the caller's audit entry names what changed. Items,
// quantities, times and statuses stay: the counts and reports need them, and they say nothing
// about a person.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The ids of a batch: what the caller's audit entry names. */
export interface PurgedBatch {
  ids: number[];
}

type Ids = Promise<{ id: number }[]>;

/** Runs `change` on the ids `due` found (nothing when none are due). */
async function batchOf(
  due: Ids,
  change: (ids: number[]) => Promise<unknown>,
): Promise<PurgedBatch> {
  const ids = (await due).map((r) => r.id);
  if (ids.length > 0) await change(ids);
  return { ids };
}

/** COMPLETED or CANCELLED orders last changed before `cutoff` that still hold personal data. */
export function purgeOrderBatch(
  db: Kysely<Database>,
  cutoff: string,
  now: string,
  size: number,
): Promise<PurgedBatch> {
  const due = db
    .selectFrom('orders')
    .select('id')
    .where('personal_data_purged_at', 'is', null)
    .where('status', 'in', ['COMPLETED', 'CANCELLED'])
    .where('updated_at', '<', cutoff)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(size)
    .execute();
  return batchOf(due, (ids) =>
    db
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
      .execute(),
  );
}

/** Feedback sent before `cutoff` that still holds a phone. */
export function purgeFeedbackBatch(
  db: Kysely<Database>,
  cutoff: string,
  now: string,
  size: number,
): Promise<PurgedBatch> {
  const due = db
    .selectFrom('feedback')
    .select('id')
    .where('personal_data_purged_at', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(size)
    .execute();
  return batchOf(due, (ids) =>
    db
      .updateTable('feedback')
      .set({ phone_number: '', personal_data_purged_at: now })
      .where('id', 'in', ids)
      .execute(),
  );
}

/** Applications rejected before `cutoff`: deleted with everything they held. */
export function deleteRejectedApplicationBatch(
  db: Kysely<Database>,
  cutoff: string,
  size: number,
): Promise<PurgedBatch> {
  const due = db
    .selectFrom('volunteer_applications')
    .select('id')
    .where('status', '=', 'REJECTED')
    .where('decided_at', '<', cutoff)
    .orderBy('id')
    .limit(size)
    .execute();
  return batchOf(due, (ids) =>
    db.deleteFrom('volunteer_applications').where('id', 'in', ids).execute(),
  );
}
