// The feedback form's queued action (POST /api/feedback/submit, offline/actions.ts).
import type { FeedbackSubmitRequest } from '#shared/contracts/feedback';
import { buildAction, type TypedAction } from '../../offline/actions.ts';

export function feedbackAction(payload: FeedbackSubmitRequest): TypedAction<'feedback.submit'> {
  return buildAction('feedback.submit', payload);
}
