// The feedback table: written here, read by the admin feedback screen's own module.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface NewFeedback {
  userId: number | null;
  name: string | null;
  /** The sending account's username, from its login session; null for a visitor. */
  accountUsername: string | null;
  phoneNumber: string;
  content: string;
  createdAt: Date;
}

export async function insertFeedback(
  trx: Transaction<Database>,
  feedback: NewFeedback,
): Promise<number> {
  const row = await trx
    .insertInto('feedback')
    .values({
      user_id: feedback.userId,
      name: feedback.name,
      account_username: feedback.accountUsername,
      phone_number: feedback.phoneNumber,
      content: feedback.content,
      created_at: feedback.createdAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
