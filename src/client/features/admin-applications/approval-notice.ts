// What the admin is told after Approve (beyond-spec.md section 1 "Approving an
// application..."): which account the application's email matched, and whether it is a
// volunteer now or waits for the applicant's mailed code. Built from the reply's fields, not
// its message, so each case reads the same whatever the server's wording.
import type { ApproveApplicationReply } from '#shared/contracts/admin-applications';

export type ApprovalCase = 'promoted' | 'waitsForCode' | 'created';

export interface DecisionNotice {
  text: string;
  /** 'waiting': nothing changed for the account yet (shown in a calmer, not-done colour). */
  tone: 'done' | 'waiting';
}

export function approvalCase(
  reply: Pick<ApproveApplicationReply, 'matchedAccount' | 'promoted'>,
): ApprovalCase {
  if (reply.matchedAccount === null) return 'created';
  return reply.promoted ? 'promoted' : 'waitsForCode';
}

export const APPROVAL_NOTICES = {
  promoted: (username: string) =>
    `Application approved. ${username}'s email was verified: the account is now a volunteer.`,
  waitsForCode: (username: string) =>
    `Application approved. An account ${username} uses this email but has not verified it: a code was mailed; the account becomes a volunteer when the code is used on the password recovery page.`,
  created: (username: string) =>
    `Application approved. No account used this email, so a new volunteer account ${username} was made and the applicant was mailed a code to set a password.`,
} as const;

export function approvalNotice(
  reply: Pick<ApproveApplicationReply, 'matchedAccount' | 'promoted' | 'username'>,
): DecisionNotice {
  const kind = approvalCase(reply);
  const username = reply.matchedAccount?.username ?? reply.username;
  return {
    text: APPROVAL_NOTICES[kind](username),
    tone: kind === 'waitsForCode' ? 'waiting' : 'done',
  };
}
