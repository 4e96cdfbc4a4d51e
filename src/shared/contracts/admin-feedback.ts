// GET /api/feedback/all (product-spec.md section 7, section 2 "Admin feedback"), admin only.
// beyond-spec.md section 1 "Feedback": each row also says whether a signed-in account sent it
// (signedIn) and that account's username, so a visitor's typed name is never taken for one.
import { z } from 'zod';

export const FEEDBACK_ALL_PATH = '/api/feedback/all';

export const feedbackView = z.object({
  id: z.number(),
  /** The sender's username (a visitor's typed name; null when none was given). */
  name: z.string().nullable(),
  /** Whether the sender was signed in (the server's login session said so, never the body). */
  signedIn: z.boolean(),
  /** The sending account's username when signedIn, else null. */
  username: z.string().nullable(),
  phoneNumber: z.string(),
  content: z.string(),
  /** ISO 8601 UTC with Z. */
  createdAt: z.string(),
});
export type FeedbackView = z.infer<typeof feedbackView>;

/** Newest first. */
export const feedbackAllReply = z.object({
  status: z.literal('success'),
  data: z.array(feedbackView),
});
export type FeedbackAllReply = z.infer<typeof feedbackAllReply>;
