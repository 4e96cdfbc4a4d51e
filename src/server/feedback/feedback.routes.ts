// POST /api/feedback/submit: public (visitors may send feedback), rate limited, replayable
// with an Idempotency-Key (the web client sends it through its outbox).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FEEDBACK_SUBMIT_PATH,
  feedbackSubmitReply,
  feedbackSubmitRequest,
  type FeedbackSubmitReply,
} from '#shared/contracts/feedback';
import { validateFeedback } from '#shared/rules/feedback';
import { badRequest } from '../errors.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
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

export async function feedbackRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const rateLimit = perClientAddress(app.ctx.config, FEEDBACK_RATE_LIMIT, 'minute');
  app.post(
    FEEDBACK_SUBMIT_PATH,
    {
      config: { access: 'public', rateLimit },
      schema: {
        body: feedbackSubmitRequest,
        response: documentedReplies({ 200: feedbackSubmitReply }),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const invalid = validateFeedback({ content: input.content, phoneNumber: input.phoneNumber });
      if (invalid !== null) throw badRequest(invalid);
      const user = request.user;
      return runIdempotent(request, reply, app.ctx.opened.db, async (trx) => {
        const id = await insertFeedback(trx, {
          userId: user?.userId ?? null,
          name: nameOf(user?.username, input.name),
          accountUsername: user?.username ?? null,
          phoneNumber: (input.phoneNumber ?? '').trim(),
          content: (input.content ?? '').trim(),
          createdAt: new Date(),
        });
        const body: FeedbackSubmitReply = {
          status: 'success',
          message: 'Feedback submitted successfully.',
          id,
        };
        return { statusCode: 200, body };
      });
    },
  );
}
