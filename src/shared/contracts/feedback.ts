// POST /api/feedback/submit (product-spec.md section 7 "Feedback and volunteer applications").
// The shape only: the spec's messages for empty fields live in rules/feedback.ts.
import { z } from 'zod';
import { successReply } from './replies.ts';

export { FEEDBACK_SUBMIT_PATH } from './checks/forms.ts';

/** Longest texts we keep; anything longer is a 400 rather than a silently cut message. */
export const FEEDBACK_LIMITS = { name: 100, phoneNumber: 40, content: 5000 } as const;

export const feedbackSubmitRequest = z.object({
  /** The spec's client sends the username; the server uses the session's when signed in. */
  name: z.string().max(FEEDBACK_LIMITS.name).nullish(),
  phoneNumber: z.string().max(FEEDBACK_LIMITS.phoneNumber).nullish(),
  content: z.string().max(FEEDBACK_LIMITS.content).nullish(),
});
export type FeedbackSubmitRequest = z.infer<typeof feedbackSubmitRequest>;

export const feedbackSubmitReply = successReply({
  id: z.number(),
});
export type FeedbackSubmitReply = z.infer<typeof feedbackSubmitReply>;
