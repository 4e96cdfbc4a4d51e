// POST /api/auth/register: public, rate limited, replayable with an Idempotency-Key.
// An email given at registration is unproven: a code is mailed to it (after the commit, never
// again on a replay), to be entered on the profile (beyond-spec.md "Email ownership").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  registerReply,
  registerRequest,
  usernameAvailableQuery,
  usernameAvailableReply,
  type RegisterReply,
  type UsernameAvailableReply,
} from '#shared/contracts/auth';
import { registrationStep1Errors, validateRegistration } from '#shared/rules/auth';
import { badRequest } from '../errors.ts';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { writeOf } from '../http/writes.ts';
import { queueVerifyCode, runIdempotentMailing } from './mail-after-commit.ts';
import { hashPassword } from './passwords.ts';
import { registerClient, usernameAvailable } from './registration.service.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { translate } from '../i18n/translator.ts';

/** Registrations per client address and hour (times config.rateLimitScale). */
export const REGISTER_RATE_LIMIT = 20;
/**
 * Availability checks per client address and minute (times config.rateLimitScale): a person
 * signing up asks once per press of Next; 30 keeps a script from listing usernames quickly.
 */
export const USERNAME_CHECK_RATE_LIMIT = 30;

const orNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * GET …/username-available: available true/false, nothing else. A username registration
 * would refuse by its rule is a 400 with the rule's text; registration stays the judge (a name
 * taken between this answer and the sign-up is still refused there).
 */
function registerUsernameCheck(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { config, opened } = app.ctx;
  typed.get(
    AUTH_PATHS.usernameAvailable,
    {
      config: {
        access: 'public',
        rateLimit: perClientAddress(config, USERNAME_CHECK_RATE_LIMIT, 'minute'),
      },
      schema: { querystring: usernameAvailableQuery, response: { 200: usernameAvailableReply } },
    },
    async (request, reply): Promise<UsernameAvailableReply> => {
      const username = request.query.username?.trim() ?? '';
      const invalid = registrationStep1Errors({ username }).username;
      if (invalid !== undefined) throw badRequest(invalid);
      void reply.header('cache-control', 'no-store');
      const available = await usernameAvailable(opened.db, username);
      return { status: 'success', message: available ? 'Available' : 'Taken', available };
    },
  );
}

export function registerRegistrationRoutes(untyped: FastifyInstance): void {
  registerUsernameCheck(untyped);
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  const rateLimit = perClientAddress(config, REGISTER_RATE_LIMIT, 'hour');
  app.post(
    AUTH_PATHS.register,
    {
      config: { idempotent: true, access: 'public', rateLimit },
      schema: { body: registerRequest, response: documentedReplies({ 201: registerReply }) },
    },
    async (request, reply) => {
      const input = request.body;
      const invalid = validateRegistration(input);
      if (invalid !== null) throw badRequest(invalid);
      const passwordHash = await hashPassword(input.password ?? '');
      const username = input.username ?? '';
      const email = orNull(input.email);
      return runIdempotentMailing(app, request, reply, async (trx, outbox) => {
        const w = writeOf(request, trx);
        const userId = await registerClient(w, {
          username,
          email,
          phone: orNull(input.phone),
          firstName: orNull(input.firstName),
          lastName: orNull(input.lastName),
          passwordHash,
        });
        // A new account has no language of its own yet: its code comes in the request's.
        const language = requestLanguage(request);
        if (email !== null)
          await queueVerifyCode(w, config, { id: userId, email, language }, outbox);
        request.log.info({ event: 'account.registered', userId }, 'account registered');
        const body: RegisterReply = {
          status: 'success',
          message: translate(requestLanguage(request), 'server.auth.registered'),
          userId,
          username,
        };
        return { statusCode: 201, body };
      });
    },
  );
}
