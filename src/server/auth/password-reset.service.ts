// Password reset with a mailed code (domain-decisions.md "People"; the code rules are in
// mailed-codes.service.ts). Completing a reset sets the password, proves the email the code
// went to, ends every login of the account and, when an approval was waiting for this account
// to prove its email, makes it a VOLUNTEER: all in the caller's one transaction.
import type { WriteContext } from '../db/write-context.ts';
import { promoteApprovedOnReset } from '../applications/promote-on-reset.ts';
import { deleteUserLoginSessions, listLoginSessionIds } from './login-sessions.repository.ts';
import { issueMailedCode, useMailedCode, type CodeRefusal } from './mailed-codes.service.ts';
import { findUserByEmail, updateUser } from './users.repository.ts';

/** Makes a fresh reset code for the user (older ones stop working) and returns it, to mail. */
export async function issueResetCode(
  w: WriteContext,
  user: { id: number; email: string },
): Promise<string> {
  return issueMailedCode(w, user, 'RESET');
}

export type RedeemResult =
  | { ok: true; userId: number; endedSessionIds: string[]; promoted: boolean }
  | { ok: false; reason: 'unknown-email' | CodeRefusal };

/** Checks the code and, when it is right, sets the password and ends every login. */
export async function redeemResetCode(
  w: WriteContext,
  input: { email: string; code: string; passwordHash: string },
): Promise<RedeemResult> {
  const { trx, now } = w;
  const user = await findUserByEmail(trx, input.email);
  if (user === undefined) return { ok: false, reason: 'unknown-email' };
  const used = await useMailedCode(w, user, input.code);
  if (!used.ok) return used;
  await updateUser(trx, user.id, { passwordHash: input.passwordHash }, now);
  const promoted = await promoteApprovedOnReset(trx, user, now);
  const endedSessionIds = await listLoginSessionIds(trx, user.id);
  await deleteUserLoginSessions(trx, user.id);
  return { ok: true, userId: user.id, endedSessionIds, promoted };
}
