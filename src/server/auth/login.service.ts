// Checking a sign-in. Unknown user, user without a password and wrong password all take one
// argon2 verification (verifyPassword hashes against a dummy when there is no hash), so the
// reply and its timing are the same.
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { verifyPassword } from './passwords.ts';
import { message } from '#shared/i18n/messages';

const LOGIN_FAILED = message('server.auth.loginFailed');

export function loginFailed(): AppError {
  return new AppError('UNAUTHORIZED', LOGIN_FAILED, { authenticated: false });
}

/** The found user when the password is theirs; the same argon2 work when no user was found. */
export async function signInUser(
  user: UserRow | undefined,
  password: string,
): Promise<UserRow | undefined> {
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  return ok ? user : undefined;
}
