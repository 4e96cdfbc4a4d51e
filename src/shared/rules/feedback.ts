// The feedback form's rule (product-spec.md section 5) with its exact messages, shared by the
// web client and the server.
import { blank, type Text } from './fields.ts';

export const FEEDBACK_MESSAGES = {
  feedbackContent: 'Feedback content cannot be empty.',
  feedbackPhone: 'Phone number cannot be empty.',
} as const;

export function validateFeedback(input: { content?: Text; phoneNumber?: Text }): string | null {
  if (blank(input.content)) return FEEDBACK_MESSAGES.feedbackContent;
  if (blank(input.phoneNumber)) return FEEDBACK_MESSAGES.feedbackPhone;
  return null;
}
