// The users table as the admin user tools need it (the account-side reads and inserts live in
// auth/users.repository.ts and are reused from there).
import type { Transaction } from 'kysely';
import type { AdminUser } from '#shared/contracts/admin-users';
import type { Db } from '../db/kysely.ts';
import type { Database, Role, UserRow, VolunteerSubRole } from '../db/schema.ts';
import { keyOf } from '../auth/users.repository.ts';
import type { UserFields } from './admin-users.types.ts';

type Trx = Transaction<Database>;

export function adminUserOf(row: UserRow): AdminUser {
  return {
    userId: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    volunteerSubRole: row.volunteer_subrole,
  };
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

export async function findUserByUsername(trx: Trx, username: string) {
  return trx
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', keyOf(username))
    .executeTakeFirst();
}

/**
 * The admins' ids. With rowLocks (PostgreSQL) the admin rows are locked until the transaction
 * ends, so two admins removing each other at once cannot both see "another admin is left"
 * (SQLite write transactions are serialised already).
 */
export async function lockAdminIds(trx: Trx, rowLocks: boolean): Promise<number[]> {
  const query = trx.selectFrom('users').select('id').where('role', '=', 'ADMIN');
  const rows = await (rowLocks ? query.forUpdate() : query).execute();
  return rows.map((r) => r.id);
}

export async function deleteUserRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

/** Updates the fields; `emailChanged` leaves the new email unproven (beyond-spec.md §1). */
export async function updateUserFields(
  trx: Trx,
  id: number,
  fields: UserFields,
  now: Date,
  emailChanged: boolean,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      ...(emailChanged ? { email_verified: 0 } : {}),
      username: fields.username,
      username_key: keyOf(fields.username),
      email: fields.email,
      email_key: fields.email === null ? null : keyOf(fields.email),
      phone: fields.phone,
      first_name: fields.firstName,
      last_name: fields.lastName,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** Sets the role; a volunteer keeps (or gets REGULAR as) a subrole, anyone else has none. */
export async function setRole(
  trx: Trx,
  id: number,
  role: Role,
  currentSubrole: VolunteerSubRole | null,
  now: Date,
): Promise<void> {
  const volunteer = role === 'VOLUNTEER';
  await trx
    .updateTable('users')
    .set({
      role,
      volunteer_subrole: volunteer ? (currentSubrole ?? 'REGULAR') : null,
      ...(volunteer ? {} : { subrole_notes: null }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

export async function setSubrole(
  trx: Trx,
  id: number,
  subrole: VolunteerSubRole,
  notes: string | null,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ volunteer_subrole: subrole, subrole_notes: notes, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}
