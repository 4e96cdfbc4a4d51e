// Mailed codes: the one mechanism behind password reset, email verification and approval mails
// (domain-decisions.md "People", beyond-spec.md "Email ownership"): 6 digits from a CSPRNG,
// stored hashed, valid 15 minutes, at most 5 tries, single use; a new code voids the older
// ones. Every try is counted before the code is compared, and the count is committed even when
// the try fails (callers return their refusal, they do not throw it), so replaying wrong
// guesses cannot go past the limit.
// Whatever a code was mailed for, using it shows that its user reads mail at the address it
// went to: using one (on /reset_password or with POST /api/auth/email/verify) proves that
// email, as long as it is still the account's email.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { MailedCodePurpose } from '../db/schema.ts';
import type { WriteContext } from '../db/write-context.ts';
import {
  countAttempt,
  countCodesSince,
  findLiveCode,
  hashCode,
  markCodeUsed,
  replaceCode,
} from './reset-codes.repository.ts';
import { keyOf, markEmailVerified } from './users.repository.ts';

export const CODE_LIFETIME_MS = 15 * 60 * 1000;
export const CODE_MAX_TRIES = 5;

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Makes a fresh code for the user's email (older ones stop working); returns it, to mail. */
export async function issueMailedCode(
  w: WriteContext,
  user: { id: number; email: string },
  purpose: MailedCodePurpose,
): Promise<string> {
  const { trx, now } = w;
  const code = generateCode();
  const sentToKey = keyOf(user.email);
  await replaceCode(trx, { userId: user.id, code, purpose, sentToKey }, now, CODE_LIFETIME_MS);
  return code;
}

/** Codes of a purpose made for the user in the hour before `now` (for a send limit). */
export function codesSentLastHour(w: WriteContext, userId: number, purpose: MailedCodePurpose) {
  const { trx, now } = w;
  return countCodesSince(trx, userId, purpose, new Date(now.getTime() - 60 * 60 * 1000));
}

export type CodeRefusal = 'no-code' | 'expired' | 'too-many-tries' | 'wrong-code';
export type CodeUse = { ok: true } | { ok: false; reason: CodeRefusal };

function sameCode(codeHash: string, code: string): boolean {
  return timingSafeEqual(Buffer.from(codeHash, 'hex'), Buffer.from(hashCode(code), 'hex'));
}

/**
 * Tries the user's live code. Right: the code is used up and the email it was sent to, which
 * is still the account's, is proven. A code mailed to an address the account no longer has
 * counts as no code at all.
 */
export async function useMailedCode(
  w: WriteContext,
  user: { id: number; email_key: string | null },
  code: string,
): Promise<CodeUse> {
  const { trx, now } = w;
  const live = await findLiveCode(trx, user.id);
  if (live === undefined || user.email_key === null) return { ok: false, reason: 'no-code' };
  if (live.sentToKey !== null && live.sentToKey !== user.email_key)
    return { ok: false, reason: 'no-code' };
  if (live.expiresAt <= now.toISOString()) return { ok: false, reason: 'expired' };
  if (live.attempts >= CODE_MAX_TRIES) return { ok: false, reason: 'too-many-tries' };
  await countAttempt(trx, live.id);
  if (!sameCode(live.codeHash, code)) return { ok: false, reason: 'wrong-code' };
  await markCodeUsed(trx, live.id, now);
  await markEmailVerified(trx, user.id, user.email_key, now);
  return { ok: true };
}
