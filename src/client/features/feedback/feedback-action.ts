// The feedback form's queued action (POST /api/feedback/submit through the outbox).
import { FEEDBACK_SUBMIT_PATH, type FeedbackSubmitRequest } from '#shared/contracts/feedback';
import type { QueuedAction } from '../../offline/outbox.ts';

export function feedbackAction(payload: FeedbackSubmitRequest): QueuedAction {
  return {
    kind: 'feedback.submit',
    label: 'Feedback',
    method: 'POST',
    path: FEEDBACK_SUBMIT_PATH,
    payload,
  };
}
