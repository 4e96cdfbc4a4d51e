// GET /api/feedback/all with the admin headers (product-spec.md section 7): newest first.
import { apiGet } from '../../api/api-client.ts';
import {
  feedbackAllReply,
  FEEDBACK_ALL_PATH,
  type FeedbackView,
} from '#shared/contracts/admin-feedback';
import { adminHeaders } from '../../session/admin-identity.ts';

export async function loadFeedback(): Promise<FeedbackView[]> {
  const reply = await apiGet(FEEDBACK_ALL_PATH, {
    headers: adminHeaders(),
    schema: feedbackAllReply,
  });
  return reply.data;
}
