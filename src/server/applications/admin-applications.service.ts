// Deciding a volunteer application (domain-decisions.md "People", beyond-spec.md section 1).
// Only a PENDING application can be decided. Approving:
// - no account has the application's email: one is made (VOLUNTEER, no password) and the
//   applicant is mailed a code to set a password on /reset_password;
// - an account proved that email: it becomes a VOLUNTEER (subrole REGULAR) at once, its
//   logins ended so its app picks up the new role;
// - an account has that email but never proved it: anyone can type anyone's email at
//   registration (issue 14 item 1), so it is NOT promoted. The applicant (whoever reads that
//   mailbox) is mailed a code; using it on /reset_password sets the account's password, proves
//   the email, ends its other logins and promotes it (promote-on-reset.ts), in one transaction.
// An admin account is never turned into a volunteer this way. Rejecting changes no account.
// The caller's transaction holds everything, the decision's audit entry included; the mail to
// send is returned for after the commit.
import { ADMIN_APPLICATION_MESSAGES as M } from '#shared/contracts/admin-applications';
import { conflict, notFound } from '../errors.ts';
import { issueMailedCode } from '../auth/mailed-codes.service.ts';
import {
  emailVerifiedOf,
  findUserByEmail,
  insertUser,
  isUniqueViolation,
} from '../auth/users.repository.ts';
import { takenConflict } from '../auth/registration.service.ts';
import { setRole } from '../admin-users/admin-users.repository.ts';
import type { SignedInWrite } from '../db/write-context.ts';
import { recordAdminAction } from '../audit/audit.service.ts';
import { endLoginsIn } from '../admin-users/end-user-logins.ts';
import { languageOrNull } from '../i18n/account-language.ts';
import {
  applicationLanguageOf,
  decidePending,
  findApplication,
  setPromoteOnReset,
  usernameKeysStartingWith,
} from './admin-applications.repository.ts';
import { firstFreeUsername, usernameBaseOf } from './applicant-username.ts';

interface Applicant {
  userId: number;
  username: string;
  email: string;
  /**
   * The language its mail is worded in, as stored: the account's users.language when it chose
   * one, else the language the application was sent in; null when neither is known.
   */
  language: string | null;
}

export type Approval =
  | (Applicant & { kind: 'created'; code: string })
  /** A proven email (or an account that was a volunteer already): a volunteer now. */
  | (Applicant & { kind: 'existing'; emailVerified: boolean; endedLogins: string[] })
  /** An unproven email: not promoted; the mailed code promotes it on /reset_password. */
  | (Applicant & { kind: 'unproven'; code: string });

/** Claims the PENDING application for the decision, or refuses with 404 / 409. */
async function decide(d: SignedInWrite, id: number, status: 'APPROVED' | 'REJECTED') {
  const application = await findApplication(d.trx, id);
  if (application === undefined) throw notFound(M.notFound);
  const claimed = await decidePending(d.trx, id, { status, adminId: d.actor.userId, now: d.now });
  if (!claimed) {
    const current = (await findApplication(d.trx, id))?.status ?? application.status;
    throw conflict(current === 'REJECTED' ? M.alreadyRejected : M.alreadyApproved);
  }
  return application;
}

async function createVolunteer(
  d: SignedInWrite,
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

async function approve(d: SignedInWrite, id: number): Promise<Approval> {
  const application = await decide(d, id, 'APPROVED');
  const { email } = application;
  const applied = await applicationLanguageOf(d.trx, id);
  const existing = await findUserByEmail(d.trx, email);
  if (existing?.role === 'ADMIN') throw conflict(M.adminEmail);
  if (existing !== undefined) {
    const account = {
      userId: existing.id,
      username: existing.username,
      email,
      language: languageOrNull(existing.language) ?? applied,
    };
    const emailVerified = emailVerifiedOf(existing);
    if (existing.role === 'VOLUNTEER') {
      // Nothing to promote; an unproven volunteer stays as it was.
      return { kind: 'existing', ...account, emailVerified, endedLogins: [] };
    }
    if (!emailVerified) {
      await setPromoteOnReset(d.trx, id, existing.id);
      const code = await issueMailedCode(d, { id: existing.id, email }, 'APPROVAL');
      return { kind: 'unproven', ...account, code };
    }
    await setRole(d.trx, existing.id, 'VOLUNTEER', null, d.now);
    const endedLogins = await endLoginsIn(d.trx, existing.id);
    return { kind: 'existing', ...account, emailVerified, endedLogins };
  }
  const created = await createVolunteer(d, application);
  const code = await issueMailedCode(d, { id: created.userId, email }, 'WELCOME');
  return { kind: 'created', ...created, email, code, language: applied };
}

export async function approveApplication(d: SignedInWrite, id: number): Promise<Approval> {
  const approval = await approve(d, id);
  // outcome: which case happened (created, existing or unproven); userId: the applicant's account.
  await recordAdminAction(
    d,
    'application.approve',
    { type: 'application', id },
    { outcome: approval.kind, userId: approval.userId },
  );
  return approval;
}

export async function rejectApplication(d: SignedInWrite, id: number): Promise<void> {
  await decide(d, id, 'REJECTED');
  await recordAdminAction(d, 'application.reject', { type: 'application', id });
}
