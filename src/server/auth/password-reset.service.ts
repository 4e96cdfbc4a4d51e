// Password-reset codes (domain-decisions.md "People"): 6 digits from a CSPRNG, stored hashed,
// valid 15 minutes, at most 5 tries, single use; a new code invalidates the older ones.
// Every try is counted before the code is compared, and the count is committed even when
// the try fails, so replaying wrong guesses cannot go past the limit.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { deleteUserLoginSessions, listLoginSessionIds } from './login-sessions.repository.ts';
import {
  countAttempt,
  findLiveCode,
  hashCode,
  markCodeUsed,
  replaceCode,
} from './reset-codes.repository.ts';
import { findUserByEmail, updateUser } from './users.repository.ts';

export const RESET_CODE_LIFETIME_MS = 15 * 60 * 1000;
export const RESET_MAX_TRIES = 5;

export function generateResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Makes a fresh code for the user (older ones stop working) and returns it, to be mailed.
 * Also for other areas: an approved applicant without a password gets one this way.
 */
export async function issueResetCode(
  trx: Transaction<Database>,
  userId: number,
  now: Date,
): Promise<string> {
  const code = generateResetCode();
  await replaceCode(trx, userId, code, now, RESET_CODE_LIFETIME_MS);
  return code;
}

export function resetCodeMail(siteTitle: string, to: string, code: string): MailMessage {
  return {
    to,
    subject: `${siteTitle}: your password recovery code`,
    text: [
      `Your recovery code is ${code}.`,
      '',
      'Enter it on the password recovery page with your new password. It is valid for',
      '15 minutes and works once. If you did not ask for it, you can ignore this message.',
    ].join('\n'),
  };
}

function sameCode(codeHash: string, code: string): boolean {
  return timingSafeEqual(Buffer.from(codeHash, 'hex'), Buffer.from(hashCode(code), 'hex'));
}

export type RedeemResult =
  | { ok: true; userId: number; endedSessionIds: string[] }
  | {
      ok: false;
      reason: 'unknown-email' | 'no-code' | 'expired' | 'too-many-tries' | 'wrong-code';
    };

/** Checks the code and, when it is right, sets the password and ends every login. */
export async function redeemResetCode(
  trx: Transaction<Database>,
  input: { email: string; code: string; passwordHash: string },
  now: Date,
): Promise<RedeemResult> {
  const user = await findUserByEmail(trx, input.email);
  if (user === undefined) return { ok: false, reason: 'unknown-email' };
  const live = await findLiveCode(trx, user.id);
  if (live === undefined) return { ok: false, reason: 'no-code' };
  if (live.expiresAt <= now.toISOString()) return { ok: false, reason: 'expired' };
  if (live.attempts >= RESET_MAX_TRIES) return { ok: false, reason: 'too-many-tries' };
  await countAttempt(trx, live.id);
  if (!sameCode(live.codeHash, input.code)) return { ok: false, reason: 'wrong-code' };
  await markCodeUsed(trx, live.id, now);
  await updateUser(trx, user.id, { passwordHash: input.passwordHash }, now);
  const endedSessionIds = await listLoginSessionIds(trx, user.id);
  await deleteUserLoginSessions(trx, user.id);
  return { ok: true, userId: user.id, endedSessionIds };
}
