// What the rounds routes share: the signed-in caller (access control has admitted them), the
// transaction context of a write, and the check of the spec's adminId claim.
import { adminSignupRequest } from '#shared/contracts/rounds';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/login-sessions.repository.ts';
import type { Db } from '../db/kysely.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { WriteContext } from './write-context.ts';

export function callerOf(request: FastifyRequest): SessionUser {
  if (request.user === null) throw unauthorized();
  return request.user;
}

export function writeContext(app: FastifyInstance, trx: Db): WriteContext {
  return { trx, now: new Date(), rowLocks: app.ctx.opened.dialect === 'postgres' };
}

/**
 * The adminId the spec's client sends (in the body or the query) is a claim: it must be the
 * signed-in admin's own id. A malformed one is a 400.
 */
export function checkAdminIdClaim(request: FastifyRequest): void {
  for (const source of [request.query, request.body]) {
    const { adminId } = adminSignupRequest.parse(source ?? {});
    if (adminId === undefined || adminId === null) continue;
    if (adminId !== callerOf(request).userId) {
      throw forbidden('The adminId does not match the signed-in admin.');
    }
  }
}
