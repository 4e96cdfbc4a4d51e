// POST /api/auth/register: public, rate limited, replayable with an Idempotency-Key.
import type { FastifyInstance } from 'fastify';
import { AUTH_PATHS, registerRequest, type RegisterReply } from '#shared/contracts/auth';
import { validateRegistration } from '#shared/rules/validation';
import { badRequest } from '../errors.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { hashPassword } from './passwords.ts';
import { registerClient } from './registration.service.ts';

/** Registrations per client address and hour (times config.rateLimitScale). */
export const REGISTER_RATE_LIMIT = 20;

const orNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export function registerRegistrationRoutes(app: FastifyInstance): void {
  const { config, opened } = app.ctx;
  const rateLimit = perClientAddress(config, REGISTER_RATE_LIMIT, 'hour');
  app.post(
    AUTH_PATHS.register,
    { config: { access: 'public', rateLimit } },
    async (request, reply) => {
      const input = registerRequest.parse(request.body ?? {});
      const invalid = validateRegistration(input);
      if (invalid !== null) throw badRequest(invalid);
      const passwordHash = await hashPassword(input.password ?? '');
      const username = input.username ?? '';
      return runIdempotent(request, reply, opened.db, async (trx) => {
        const userId = await registerClient(
          trx,
          {
            username,
            email: orNull(input.email),
            phone: orNull(input.phone),
            firstName: orNull(input.firstName),
            lastName: orNull(input.lastName),
            passwordHash,
          },
          new Date(),
        );
        request.log.info({ event: 'account.registered', userId }, 'account registered');
        const body: RegisterReply = {
          status: 'success',
          message: 'Registration successful',
          userId,
          username,
        };
        return { statusCode: 201, body };
      });
    },
  );
}
