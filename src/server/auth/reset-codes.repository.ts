// Mailed codes (password reset, email verification, approval mails): only the SHA-256 of a
// code is stored. A new code invalidates the user's older ones (marked used), so at most one
// code per user is live. Each row keeps the address it was mailed to.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, MailedCodePurpose } from '../db/schema.ts';

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export interface LiveCode {
  id: number;
  codeHash: string;
  attempts: number;
  expiresAt: string;
  /** lower(email) the code was mailed to (null: a row older than that column). */
  sentToKey: string | null;
}

export interface NewCode {
  userId: number;
  code: string;
  purpose: MailedCodePurpose;
  /** lower(email) it is mailed to. */
  sentToKey: string;
}

/** Marks codes used at `now`; the caller says which. */
function markUsed(trx: Transaction<Database>, now: Date) {
  return trx.updateTable('password_reset_codes').set({ used_at: now.toISOString() });
}

export async function replaceCode(
  trx: Transaction<Database>,
  { userId, code, purpose, sentToKey }: NewCode,
  now: Date,
  lifetimeMs: number,
): Promise<void> {
  await markUsed(trx, now).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await trx
    .insertInto('password_reset_codes')
    .values({
      user_id: userId,
      code_hash: hashCode(code),
      attempts: 0,
      purpose,
      sent_to_key: sentToKey,
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

/** The user's unused code, if any (expiry and tries are judged by the caller). */
export async function findLiveCode(
  trx: Transaction<Database>,
  userId: number,
): Promise<LiveCode | undefined> {
  return trx
    .selectFrom('password_reset_codes')
    .select([
      'id',
      'code_hash as codeHash',
      'attempts',
      'expires_at as expiresAt',
      'sent_to_key as sentToKey',
    ])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function countAttempt(trx: Transaction<Database>, id: number): Promise<void> {
  await trx
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markCodeUsed(
  trx: Transaction<Database>,
  id: number,
  now: Date,
): Promise<void> {
  await markUsed(trx, now).where('id', '=', id).execute();
}

/** How many codes of this purpose were made for the user since `since` (the send limit). */
export async function countCodesSince(
  trx: Transaction<Database>,
  userId: number,
  purpose: MailedCodePurpose,
  since: Date,
): Promise<number> {
  const row = await trx
    .selectFrom('password_reset_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
