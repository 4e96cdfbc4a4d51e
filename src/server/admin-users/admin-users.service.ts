// The admin's writes on accounts (domain-decisions.md "People"): an admin cannot delete their
// own account, nor delete or demote the last admin, nor change their own role. Every function
// runs inside the caller's one transaction, with its audit entry; the logins it ends are
// returned so the route can end the bound secure sessions after the commit (see
// end-user-logins.ts).
import { ADMIN_USER_MESSAGES as M } from '#shared/contracts/admin-users';
import type { Message } from '#shared/i18n/messages';
import type { UserRow, VolunteerSubRole } from '../db/schema.ts';
import type { SignedInWrite } from '../db/write-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { checkAvailable, takenConflict } from '../auth/registration.service.ts';
import { issueMailedCode } from '../auth/mailed-codes.service.ts';
import {
  findUserById,
  insertUser,
  isUniqueViolation,
  keyOf,
  updateUser,
} from '../auth/users.repository.ts';
import { changedFields, recordAdminAction } from '../audit/audit.service.ts';
import type { CleanUserFields } from './admin-users.types.ts';
import {
  deleteUserRow,
  findUserByUsername,
  lockAdminIds,
  setRole,
  setSubrole,
  updateUserFields,
} from './admin-users.repository.ts';
import { endLoginsIn } from './end-user-logins.ts';

async function targetOf(w: SignedInWrite, userId: number): Promise<UserRow> {
  const row = await findUserById(w.trx, userId);
  if (row === undefined) throw notFound(M.userNotFound);
  return row;
}

/** Refuses when removing this admin (deletion or demotion) would leave no admin. */
async function refuseLastAdmin(w: SignedInWrite, target: UserRow, refusal: Message) {
  if (target.role !== 'ADMIN') return;
  const admins = await lockAdminIds(w.trx, w.rowLocks);
  if (!admins.some((id) => id !== target.id)) throw conflict(refusal);
}

/** Runs a users insert or update, turning a lost uniqueness race into the spec's 409. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw takenConflict(err);
    throw err;
  }
}

export async function deleteAccount(w: SignedInWrite, username: string) {
  const target = await findUserByUsername(w.trx, username);
  if (target === undefined) throw notFound(M.userNotFound);
  if (target.id === w.actor.userId) throw forbidden(M.deleteSelf);
  await refuseLastAdmin(w, target, M.lastAdminDelete);
  // Orders, feedback and rounds keep their rows with the user detached (FKs SET NULL).
  const endedLogins = await endLoginsIn(w.trx, target.id);
  await deleteUserRow(w.trx, target.id);
  // The row is gone: the entry keeps which account it was.
  const details = { username: target.username, role: target.role };
  await recordAdminAction(w, 'user.delete', { type: 'user', id: target.id }, details);
  return { userId: target.id, role: target.role, endedLogins };
}

export async function resetAccountPassword(w: SignedInWrite, userId: number, passwordHash: string) {
  const target = await targetOf(w, userId);
  await updateUser(w.trx, target.id, { passwordHash }, w.now);
  const endedLogins = await endLoginsIn(w.trx, target.id);
  await recordAdminAction(
    w,
    'user.password_reset',
    { type: 'user', id: target.id },
    { loginsEnded: endedLogins.length },
  );
  return { endedLogins };
}

export async function createAccount(
  w: SignedInWrite,
  fields: CleanUserFields,
  passwordHash: string,
): Promise<number> {
  await checkAvailable(w, fields);
  const id = await uniquely(() => insertUser(w.trx, { ...fields, passwordHash }, w.now));
  if (fields.role === 'VOLUNTEER') await setRole(w.trx, id, 'VOLUNTEER', null, w.now);
  const details = { username: fields.username, role: fields.role };
  await recordAdminAction(w, 'user.create', { type: 'user', id }, details);
  return id;
}

/** user.update names the fields that changed (never their values); a new role adds its own. */
async function recordUpdate(w: SignedInWrite, target: UserRow, fields: CleanUserFields) {
  const before: CleanUserFields = {
    username: target.username,
    email: target.email,
    phone: target.phone,
    firstName: target.first_name,
    lastName: target.last_name,
    role: target.role,
  };
  const user = { type: 'user', id: target.id } as const;
  await recordAdminAction(w, 'user.update', user, { fields: changedFields(before, fields) });
  if (fields.role !== target.role) {
    await recordAdminAction(w, 'user.role_change', user, { from: target.role, to: fields.role });
  }
}

export async function updateAccount(w: SignedInWrite, userId: number, fields: CleanUserFields) {
  const target = await targetOf(w, userId);
  // ADMIN only keeps an admin an admin; nobody is promoted to admin here.
  if (fields.role === 'ADMIN' && target.role !== 'ADMIN') throw badRequest(M.role);
  const roleChanged = fields.role !== target.role;
  if (roleChanged && target.id === w.actor.userId) throw forbidden(M.ownRole);
  if (roleChanged) await refuseLastAdmin(w, target, M.lastAdminDemote);
  await checkAvailable(w, fields, target.id);
  const newEmailKey = fields.email === null ? null : keyOf(fields.email);
  const emailChanged = newEmailKey !== target.email_key;
  await uniquely(() => updateUserFields(w.trx, target.id, fields, w.now, emailChanged));
  // A new email is unproven: its owner gets a code to prove it (none for a removed email).
  const emailCode =
    emailChanged && fields.email !== null
      ? {
          to: fields.email,
          code: await issueMailedCode(w, { id: target.id, email: fields.email }, 'VERIFY'),
        }
      : null;
  let endedLogins: string[] = [];
  if (roleChanged) {
    await setRole(w.trx, target.id, fields.role, target.volunteer_subrole, w.now);
    // The role is read from the database on every request; ending the logins makes the
    // user's app sign in again and pick up the new role's home and data.
    endedLogins = await endLoginsIn(w.trx, target.id);
  }
  await recordUpdate(w, target, fields);
  const updated = await targetOf(w, target.id);
  return { user: updated, previousRole: target.role, roleChanged, endedLogins, emailCode };
}

export async function setVolunteerSubrole(
  w: SignedInWrite,
  userId: number,
  subrole: VolunteerSubRole,
  notes: string | null,
): Promise<void> {
  const target = await targetOf(w, userId);
  if (target.role !== 'VOLUNTEER') throw conflict(M.notVolunteer);
  await setSubrole(w.trx, target.id, subrole, notes, w.now);
  await recordAdminAction(
    w,
    'user.subrole_change',
    { type: 'user', id: target.id },
    { from: target.volunteer_subrole, to: subrole, notesChanged: notes !== target.subrole_notes },
  );
}
