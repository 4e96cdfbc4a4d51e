// The second half of approving an account whose email was unproven (beyond-spec.md section 1):
// the approval mailed the applicant a code and left the account as it was; the account becomes
// a VOLUNTEER (subrole REGULAR) when a mailed code is used on /reset_password while its email
// is still the application's. Runs inside the reset's transaction, which also sets the
// password, proves the email and ends the account's logins, so all of it happens or none.
import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../db/schema.ts';
import { setRole } from '../admin-users/admin-users.repository.ts';
import { keyOf } from '../auth/users.repository.ts';
import { takePromotionsWaitingFor } from './admin-applications.repository.ts';

/** True when the account was made a volunteer now. */
export async function promoteApprovedOnReset(
  trx: Transaction<Database>,
  user: Pick<UserRow, 'id' | 'role' | 'email_key' | 'volunteer_subrole'>,
  now: Date,
): Promise<boolean> {
  const emails = await takePromotionsWaitingFor(trx, user.id);
  const forThisEmail = emails.some((email) => keyOf(email) === user.email_key);
  // An email changed since the approval voids it: the approval was for the other address.
  if (!forThisEmail || user.role !== 'CLIENT') return false;
  await setRole(trx, user.id, 'VOLUNTEER', user.volunteer_subrole, now);
  return true;
}
