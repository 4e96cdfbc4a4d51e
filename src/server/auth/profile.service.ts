// Profile changes of the signed-in user (product-spec.md "Profile"). A password change ends
// every OTHER login session of the user and keeps the caller's: whoever changed it is the
// one holding the new password, while any other device (possibly someone else's) is out.
import { message } from '#shared/i18n/messages';
import type { UserRow } from '../db/schema.ts';
import type { WriteContext } from '../db/write-context.ts';
import { notFound } from '../errors.ts';
import { deleteOtherLoginSessions, listLoginSessionIds } from './login-sessions.repository.ts';
import { checkAvailable, takenConflict } from './registration.service.ts';
import {
  findUserById,
  isUniqueViolation,
  updateUser,
  type ProfileChange,
} from './users.repository.ts';

/** Applies one change and returns the user as it now is. */
export async function changeProfile(
  w: WriteContext,
  userId: number,
  change: ProfileChange,
): Promise<UserRow> {
  const { trx, now } = w;
  if ('username' in change) await checkAvailable(w, { username: change.username }, userId);
  if ('email' in change) await checkAvailable(w, { email: change.email }, userId);
  try {
    await updateUser(trx, userId, change, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw takenConflict(err);
    throw err;
  }
  const user = await findUserById(trx, userId);
  if (user === undefined) throw notFound(message('server.profile.accountGone'));
  return user;
}

/** Sets a new password; returns the ids of the login sessions it ended (all but `keepId`). */
export async function changePassword(
  w: WriteContext,
  userId: number,
  passwordHash: string,
  keepId: string,
): Promise<{ user: UserRow; endedSessionIds: string[] }> {
  const { trx } = w;
  const user = await changeProfile(w, userId, { passwordHash });
  const endedSessionIds = (await listLoginSessionIds(trx, userId)).filter((id) => id !== keepId);
  await deleteOtherLoginSessions(trx, userId, keepId);
  return { user, endedSessionIds };
}
