// Checking a sign-in. Unknown user, user without a password and wrong password all take one
// argon2 verification (verifyPassword hashes against a dummy when there is no hash), so the
// reply and its timing are the same.
import type { Db } from '../db/kysely.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { verifyPassword } from './passwords.ts';
import { findUserByLogin } from './users.repository.ts';

export const LOGIN_FAILED_MESSAGE = 'Invalid username or password';

export function loginFailed(): AppError {
  return new AppError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE, { authenticated: false });
}

/** The user when the login and password match, else undefined. */
export async function authenticate(
  db: Db,
  login: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByLogin(db, login);
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  return ok ? user : undefined;
}
