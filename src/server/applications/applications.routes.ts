// POST /api/volunteer/apply: public (visitors apply), rate limited, replayable with an
// Idempotency-Key (the web client sends it through its outbox).
import type { FastifyInstance } from 'fastify';
import {
  VOLUNTEER_APPLY_PATH,
  volunteerApplyReply,
  volunteerApplyRequest,
  type VolunteerApplyReply,
} from '#shared/contracts/applications';
import { validateVolunteerApplication } from '#shared/rules/applications';
import { postPublicSubmit } from '../http/public-submit.ts';
import { sayTo } from '../i18n/say-to.ts';
import { statedLanguage } from '../i18n/request-language.ts';
import { applyToVolunteer } from './applications.service.ts';

/** Per client address and minute, times config.rateLimitScale. */
export const APPLY_RATE_LIMIT = 10;

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  postPublicSubmit(app, {
    path: VOLUNTEER_APPLY_PATH,
    body: volunteerApplyRequest,
    reply: volunteerApplyReply,
    perMinute: APPLY_RATE_LIMIT,
    // The notes are free text: the rule checks the four contact fields.
    check: ({ firstName, lastName, email, phone }) =>
      validateVolunteerApplication({ firstName, lastName, email, phone }),
    write: async (w, input, request): Promise<VolunteerApplyReply> => ({
      status: 'success',
      message: sayTo(request, 'server.applications.submitted'),
      applicationId: await applyToVolunteer(w, input, statedLanguage(request)),
    }),
  });
}
