// GET /api/feedback/all: every feedback message, newest first, for admins only.
import type { FastifyInstance } from 'fastify';
import { FEEDBACK_ALL_PATH, type FeedbackAllReply } from '#shared/contracts/admin-feedback';
import { ADMIN_ONLY } from '../http/admin-access.ts';
import { listFeedback } from './admin-feedback.repository.ts';

export async function adminFeedbackRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.opened.db;
  app.get(FEEDBACK_ALL_PATH, { config: { access: ADMIN_ONLY } }, async () => {
    const body: FeedbackAllReply = { status: 'success', data: await listFeedback(db) };
    return body;
  });
}
