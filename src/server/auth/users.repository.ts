// The users table as the account calls need it. Usernames and emails are unique
// case-insensitively through their lower-cased *_key columns (unique indexes).
import type { Transaction } from 'kysely';
import type { Language } from '#shared/i18n/languages';
import type { Db } from '../db/kysely.ts';
import type { Database, Role, UserRow } from '../db/schema.ts';

type DbOrTrx = Db | Transaction<Database>;

export const keyOf = (value: string) => value.trim().toLowerCase();

export async function findUserById(db: DbOrTrx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_key', '=', keyOf(email))
    .executeTakeFirst();
}

/** The user a login names: by username first, else by email. */
export async function findUserByLogin(db: DbOrTrx, login: string): Promise<UserRow | undefined> {
  const key = keyOf(login);
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
    .execute();
  return rows.find((r) => r.username_key === key) ?? rows[0];
}

/** Whether another user (not `exceptId`) holds the value in the key column (lower case). */
async function keyTaken(
  db: DbOrTrx,
  column: 'username_key' | 'email_key',
  value: string,
  exceptId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(column, '=', keyOf(value))
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export function usernameTaken(db: DbOrTrx, username: string, exceptId = -1): Promise<boolean> {
  return keyTaken(db, 'username_key', username, exceptId);
}

export function emailTaken(db: DbOrTrx, email: string, exceptId = -1): Promise<boolean> {
  return keyTaken(db, 'email_key', email, exceptId);
}

export interface NewAccount {
  username: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  passwordHash: string | null;
}

export async function insertUser(db: DbOrTrx, account: NewAccount, now: Date): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: account.username,
      username_key: keyOf(account.username),
      email: account.email,
      email_key: account.email === null ? null : keyOf(account.email),
      phone: account.phone,
      first_name: account.firstName,
      last_name: account.lastName,
      role: account.role,
      password_hash: account.passwordHash,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ProfileChange =
  | { username: string }
  | { email: string }
  | { phone: string }
  | { passwordHash: string }
  | { language: Language };

function columnsOf(change: ProfileChange) {
  if ('username' in change)
    return { username: change.username, username_key: keyOf(change.username) };
  // A new email is unproven until a code mailed to it is used (beyond-spec.md section 1).
  if ('email' in change)
    return { email: change.email, email_key: keyOf(change.email), email_verified: 0 };
  if ('phone' in change) return { phone: change.phone };
  if ('language' in change) return { language: change.language };
  return { password_hash: change.passwordHash };
}

export async function updateUser(
  db: DbOrTrx,
  id: number,
  change: ProfileChange,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...columnsOf(change), updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Proves the user's email, if it is still `emailKey` (a code mailed to it was used). */
export async function markEmailVerified(
  db: DbOrTrx,
  id: number,
  emailKey: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified: 1, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('email_key', '=', emailKey)
    .execute();
}

/** Whether the row's current email is proven (an account without email has none to prove). */
export const emailVerifiedOf = (row: Pick<UserRow, 'email' | 'email_verified'>) =>
  row.email !== null && row.email_verified === 1;

/** Whether an error is a unique-index violation (a race lost to a concurrent insert). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}
