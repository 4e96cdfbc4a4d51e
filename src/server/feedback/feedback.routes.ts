// POST /api/feedback/submit: public (visitors may send feedback), rate limited, replayable
// with an Idempotency-Key (the web client sends it through its outbox).
import type { FastifyInstance } from 'fastify';
import {
  FEEDBACK_SUBMIT_PATH,
  feedbackSubmitReply,
  feedbackSubmitRequest,
  type FeedbackSubmitReply,
} from '#shared/contracts/feedback';
import { validateFeedback } from '#shared/rules/feedback';
import { postPublicSubmit } from '../http/public-submit.ts';
import { sayTo } from '../i18n/say-to.ts';
import { insertFeedback } from './feedback.repository.ts';

/** Per client address and minute, times config.rateLimitScale. */
export const FEEDBACK_RATE_LIMIT = 20;

function nameOf(sessionUsername: string | undefined, claimed: string | null | undefined) {
  // The spec's name is the username. A signed-in caller's comes from the session, never the
  // body; a visitor's is whatever they typed (the admin sees it has no account behind it).
  if (sessionUsername !== undefined) return sessionUsername;
  const trimmed = claimed?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  postPublicSubmit(app, {
    path: FEEDBACK_SUBMIT_PATH,
    body: feedbackSubmitRequest,
    reply: feedbackSubmitReply,
    perMinute: FEEDBACK_RATE_LIMIT,
    check: (input) => validateFeedback({ content: input.content, phoneNumber: input.phoneNumber }),
    write: async ({ trx }, input, request): Promise<FeedbackSubmitReply> => {
      const user = request.user;
      const id = await insertFeedback(trx, {
        userId: user?.userId ?? null,
        name: nameOf(user?.username, input.name),
        accountUsername: user?.username ?? null,
        phoneNumber: (input.phoneNumber ?? '').trim(),
        content: (input.content ?? '').trim(),
        createdAt: new Date(),
      });
      return { status: 'success', message: sayTo(request, 'server.feedback.submitted'), id };
    },
  });
}
