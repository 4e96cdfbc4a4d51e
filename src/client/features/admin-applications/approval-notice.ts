// What the admin is told after Approve (beyond-spec.md section 1 "Approving an
// application..."): which account the application's email matched, and whether it is a
// volunteer now or waits for the applicant's mailed code. Built from the reply's fields, not
// its message, so each case reads the same whatever the server's wording.
import type { ApproveApplicationReply } from '#shared/contracts/admin-applications';
import { t } from '../../i18n/i18n.ts';

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

/** Each case's words in the current language (made when the reply comes). */
export const APPROVAL_NOTICES = {
  promoted: (username: string) => t('admin.applications.notice.promoted', { username }),
  waitsForCode: (username: string) => t('admin.applications.notice.waitsForCode', { username }),
  created: (username: string) => t('admin.applications.notice.created', { username }),
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
