// The feedback form's rule (product-spec.md section 5) with its exact messages, shared by the
// web client and the server (rules.json: each words them in its reader's language).
import { message, type Message } from '#shared/i18n/messages';
import { type FieldErrors } from './auth.ts';
import { blank, type Text } from './fields.ts';

export const FEEDBACK_MESSAGES = {
  feedbackContent: message('rules.feedback.content'),
  feedbackPhone: message('rules.feedback.phone'),
} as const satisfies Record<string, Message>;

/** Every field at once (the form shows each beside its field: issue 20 item 6). */
export function feedbackErrors(input: {
  content?: Text;
  phoneNumber?: Text;
}): FieldErrors<'content' | 'phoneNumber'> {
  const errors: FieldErrors<'content' | 'phoneNumber'> = {};
  if (blank(input.content)) errors.content = FEEDBACK_MESSAGES.feedbackContent;
  if (blank(input.phoneNumber)) errors.phoneNumber = FEEDBACK_MESSAGES.feedbackPhone;
  return errors;
}

/** The server's check: the first of them, the content's before the phone's. */
export function validateFeedback(input: { content?: Text; phoneNumber?: Text }): Message | null {
  const errors = feedbackErrors(input);
  return errors.content ?? errors.phoneNumber ?? null;
}
