// Deciding a volunteer application (domain-decisions.md "People"). Only a PENDING application
// can be decided. Approving makes the account with the application's email a VOLUNTEER
// (subrole REGULAR), ending its logins when its role changed, or creates one without a
// password and issues a one-time code the applicant uses to set one. An admin account is never
// turned into a volunteer this way. Rejecting changes no account. The caller's transaction
// holds everything; the mail to send is returned for after the commit.
import { ADMIN_APPLICATION_MESSAGES as M } from '#shared/contracts/admin-applications';
import { conflict, notFound } from '../errors.ts';
import { issueResetCode } from '../auth/password-reset.service.ts';
import { findUserByEmail, insertUser, isUniqueViolation } from '../auth/users.repository.ts';
import { takenConflict } from '../auth/registration.service.ts';
import { setRole } from '../admin-users/admin-users.repository.ts';
import type { AdminWrite } from '../admin-users/admin-users.service.ts';
import { endLoginsIn } from '../admin-users/end-user-logins.ts';
import {
  decidePending,
  findApplication,
  usernameKeysStartingWith,
} from './admin-applications.repository.ts';
import { firstFreeUsername, usernameBaseOf } from './applicant-username.ts';

export type Approval =
  | { kind: 'created'; userId: number; username: string; email: string; code: string }
  | { kind: 'existing'; userId: number; username: string; email: string; endedLogins: string[] };

/** Claims the PENDING application for the decision, or refuses with 404 / 409. */
async function decide(d: AdminWrite, id: number, status: 'APPROVED' | 'REJECTED') {
  const application = await findApplication(d.trx, id);
  if (application === undefined) throw notFound(M.notFound);
  const claimed = await decidePending(d.trx, id, { status, adminId: d.adminId, now: d.now });
  if (!claimed) {
    const current = (await findApplication(d.trx, id))?.status ?? application.status;
    throw conflict(current === 'REJECTED' ? M.alreadyRejected : M.alreadyApproved);
  }
  return application;
}

async function createVolunteer(
  d: AdminWrite,
  applicant: { firstName: string; lastName: string; email: string; phone: string },
) {
  const base = usernameBaseOf(applicant.firstName, applicant.lastName);
  const taken = await usernameKeysStartingWith(d.trx, base.toLowerCase());
  const username = firstFreeUsername(base, taken);
  const account = { ...applicant, username, role: 'VOLUNTEER' as const, passwordHash: null };
  let userId: number;
  try {
    userId = await insertUser(d.trx, account, d.now);
  } catch (err) {
    // A concurrent approval or registration took the name or email first.
    if (isUniqueViolation(err)) throw takenConflict(err);
    throw err;
  }
  await setRole(d.trx, userId, 'VOLUNTEER', null, d.now);
  return { userId, username };
}

export async function approveApplication(d: AdminWrite, id: number): Promise<Approval> {
  const application = await decide(d, id, 'APPROVED');
  const { email } = application;
  const existing = await findUserByEmail(d.trx, email);
  if (existing?.role === 'ADMIN') throw conflict(M.adminEmail);
  if (existing !== undefined) {
    const promote = existing.role !== 'VOLUNTEER';
    if (promote) await setRole(d.trx, existing.id, 'VOLUNTEER', null, d.now);
    const endedLogins = promote ? await endLoginsIn(d.trx, existing.id) : [];
    return {
      kind: 'existing',
      userId: existing.id,
      username: existing.username,
      email,
      endedLogins,
    };
  }
  const created = await createVolunteer(d, application);
  const code = await issueResetCode(d.trx, created.userId, d.now);
  return { kind: 'created', ...created, email, code };
}

export async function rejectApplication(d: AdminWrite, id: number): Promise<void> {
  await decide(d, id, 'REJECTED');
}
