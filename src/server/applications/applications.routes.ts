// POST /api/volunteer/apply: public (visitors apply), rate limited, replayable with an
// Idempotency-Key (the web client sends it through its outbox).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  VOLUNTEER_APPLY_PATH,
  volunteerApplyReply,
  volunteerApplyRequest,
  type VolunteerApplyReply,
} from '#shared/contracts/applications';
import { validateVolunteerApplication } from '#shared/rules/applications';
import { badRequest } from '../errors.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { writeOf } from '../http/writes.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { applyToVolunteer } from './applications.service.ts';

/** Per client address and minute, times config.rateLimitScale. */
export const APPLY_RATE_LIMIT = 10;

export async function applicationRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const rateLimit = perClientAddress(app.ctx.config, APPLY_RATE_LIMIT, 'minute');
  app.post(
    VOLUNTEER_APPLY_PATH,
    {
      config: { access: 'public', rateLimit },
      schema: {
        body: volunteerApplyRequest,
        response: documentedReplies({ 200: volunteerApplyReply }),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const { firstName, lastName, email, phone } = input;
      const invalid = validateVolunteerApplication({ firstName, lastName, email, phone });
      if (invalid !== null) throw badRequest(invalid);
      return runIdempotent(request, reply, app.ctx.opened.db, async (trx) => {
        const applicationId = await applyToVolunteer(writeOf(request, trx), input);
        const body: VolunteerApplyReply = {
          status: 'success',
          message: 'Application submitted successfully.',
          applicationId,
        };
        return { statusCode: 200, body };
      });
    },
  );
}
