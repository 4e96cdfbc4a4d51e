// Reading the feedback table for the admin screen (writing it is feedback.repository.ts).
import type { FeedbackView } from '#shared/contracts/admin-feedback';
import type { Db } from '../db/kysely.ts';

/** Newest first; the id breaks ties between messages of the same millisecond. */
export async function listFeedback(db: Db): Promise<FeedbackView[]> {
  const rows = await db
    .selectFrom('feedback')
    .select(['id', 'name', 'account_username', 'phone_number', 'content', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    signedIn: r.account_username !== null,
    username: r.account_username,
    phoneNumber: r.phone_number,
    content: r.content,
    createdAt: r.created_at,
  }));
}
