// GET /api/feedback/all: every feedback message, newest first, for admins only. Messages hold
// their senders' phones (emptied by the retention sweep): the read of those still holding one
// is recorded in the audit log before the reply is sent (beyond-spec.md section 2).
import type { FastifyInstance } from 'fastify';
import { FEEDBACK_ALL_PATH, type FeedbackAllReply } from '#shared/contracts/admin-feedback';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import { recordRead } from '../http/personal-data-reads.ts';
import { listFeedback } from './admin-feedback.repository.ts';

export async function adminFeedbackRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.opened.db;
  app.get(FEEDBACK_ALL_PATH, { config: { access: ADMIN_ONLY } }, async (request) => {
    const body: FeedbackAllReply = { status: 'success', data: await listFeedback(db) };
    const withPhone = body.data.filter((f) => f.phoneNumber !== '').map((f) => f.id);
    await recordRead(request, app.ctx.config.clock(), 'feedback', withPhone);
    return body;
  });
}
