// The volunteer_applications table as the admin review needs it (applying is in
// applications.repository.ts).
import type { Transaction } from 'kysely';
import type { ApplicationView } from '#shared/contracts/admin-applications';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';

type Trx = Transaction<Database>;

const COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'notes',
  'status',
  'submission_date',
  'decided_at',
] as const;

function viewOf(row: {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  notes: string | null;
  status: ApplicationView['status'];
  submission_date: string;
}): ApplicationView {
  return {
    applicationId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    submissionDate: row.submission_date,
    status: row.status,
  };
}

/** Pending oldest first (review in order of arrival); decided ones newest decision first. */
export async function listApplications(db: Db) {
  const rows = await db
    .selectFrom('volunteer_applications')
    .select(COLUMNS)
    .orderBy('submission_date')
    .orderBy('id')
    .execute();
  const decided = rows
    .filter((r) => r.status !== 'PENDING')
    .sort((a, b) => (b.decided_at ?? '').localeCompare(a.decided_at ?? '') || b.id - a.id);
  return {
    pending: rows.filter((r) => r.status === 'PENDING').map(viewOf),
    approved: decided.filter((r) => r.status === 'APPROVED').map(viewOf),
    rejected: decided.filter((r) => r.status === 'REJECTED').map(viewOf),
  };
}

export async function listPendingApplications(db: Db): Promise<ApplicationView[]> {
  const rows = await db
    .selectFrom('volunteer_applications')
    .select(COLUMNS)
    .where('status', '=', 'PENDING')
    .orderBy('submission_date')
    .orderBy('id')
    .execute();
  return rows.map(viewOf);
}

export async function findApplication(trx: Trx, id: number) {
  const row = await trx
    .selectFrom('volunteer_applications')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : viewOf(row);
}

/** The language the application was sent in, as stored (null: its request stated none). */
export async function applicationLanguageOf(trx: Trx, id: number): Promise<string | null> {
  const row = await trx
    .selectFrom('volunteer_applications')
    .select('language')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.language ?? null;
}

/**
 * Moves a PENDING application to its decision. The condition sits in the UPDATE, so of two
 * admins deciding at once exactly one succeeds; false = it was not PENDING any more.
 */
export async function decidePending(
  trx: Trx,
  id: number,
  decision: { status: 'APPROVED' | 'REJECTED'; adminId: number; now: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable('volunteer_applications')
    .set({
      status: decision.status,
      decided_at: decision.now.toISOString(),
      decided_by: decision.adminId,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The username keys that start with a (letters-only, lower-case) prefix. */
export async function usernameKeysStartingWith(trx: Trx, prefix: string): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('users')
    .select('username_key')
    .where('username_key', 'like', `${prefix}%`)
    .execute();
  return new Set(rows.map((r) => r.username_key));
}

/** An approval waiting for the matched account to prove its email (promote-on-reset). */
export async function setPromoteOnReset(trx: Trx, id: number, userId: number): Promise<void> {
  await trx
    .updateTable('volunteer_applications')
    .set({ promote_on_reset_user_id: userId })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends every approval waiting for this account and returns the emails they were made for:
 * waiting ends with the account's first completed reset, whatever it proves.
 */
export async function takePromotionsWaitingFor(trx: Trx, userId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('volunteer_applications')
    .select('email')
    .where('promote_on_reset_user_id', '=', userId)
    .where('status', '=', 'APPROVED')
    .execute();
  if (rows.length === 0) return [];
  await trx
    .updateTable('volunteer_applications')
    .set({ promote_on_reset_user_id: null })
    .where('promote_on_reset_user_id', '=', userId)
    .execute();
  return rows.map((r) => r.email);
}
