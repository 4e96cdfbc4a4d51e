// Registration always makes a CLIENT (domain-decisions.md "People"); usernames and emails are
// unique case-insensitively. Checked first for the spec's messages; the unique indexes catch
// a concurrent registration that slipped between the check and the insert.
import type { Db } from '../db/kysely.ts';
import type { WriteContext } from '../db/write-context.ts';
import { conflict, type AppError } from '../errors.ts';
import { translate } from '../i18n/translator.ts';
import { message } from '#shared/i18n/messages';
import {
  emailTaken,
  insertUser,
  isUniqueViolation,
  usernameTaken,
  type NewAccount,
} from './users.repository.ts';

const USERNAME_TAKEN = message('server.auth.usernameTaken');
const EMAIL_TAKEN = message('server.auth.emailTaken');
/** Their English (the spec's), as clients and tests read it; a refusal is worded per caller. */
export const USERNAME_TAKEN_MESSAGE = translate('en', USERNAME_TAKEN.id);
export const EMAIL_TAKEN_MESSAGE = translate('en', EMAIL_TAKEN.id);

/** Whether registering `username` would pass the uniqueness check now (sign-up's step 1). */
export async function usernameAvailable(db: Db, username: string): Promise<boolean> {
  return !(await usernameTaken(db, username));
}

/** The 409 for a unique-index violation, telling username from email by the index named. */
export function takenConflict(err: unknown): AppError {
  const e = err as { constraint?: unknown; message?: unknown };
  const textOf = (v: unknown) => (typeof v === 'string' ? v : '');
  const where = `${textOf(e.constraint)} ${textOf(e.message)}`;
  return conflict(where.includes('email_key') ? EMAIL_TAKEN : USERNAME_TAKEN);
}

export async function checkAvailable(
  w: WriteContext,
  fields: { username?: string; email?: string | null },
  exceptUserId?: number,
): Promise<void> {
  const { trx } = w;
  if (fields.username !== undefined && (await usernameTaken(trx, fields.username, exceptUserId)))
    throw conflict(USERNAME_TAKEN);
  if (
    fields.email !== undefined &&
    fields.email !== null &&
    (await emailTaken(trx, fields.email, exceptUserId))
  )
    throw conflict(EMAIL_TAKEN);
}

export async function registerClient(
  w: WriteContext,
  account: Omit<NewAccount, 'role'>,
): Promise<number> {
  const { trx, now } = w;
  await checkAvailable(w, account);
  try {
    return await insertUser(trx, { ...account, role: 'CLIENT' }, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw takenConflict(err);
    throw err;
  }
}
