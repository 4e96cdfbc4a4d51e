// The check of the spec's adminId claim on the admin's sign-up calls.
import { adminSignupRequest } from '#shared/contracts/admin-rounds';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { callerOf } from '../plugins/access.ts';

/**
 * The adminId the spec's client sends (in the body or the query) is a claim: it must be the
 * signed-in admin's own id. A malformed one is a 400.
 */
export function checkAdminIdClaim(request: FastifyRequest): void {
  for (const source of [request.query, request.body]) {
    const { adminId } = adminSignupRequest.parse(source ?? {});
    if (adminId === undefined || adminId === null) continue;
    if (adminId !== callerOf(request).userId) {
      throw forbidden(message('server.rounds.adminIdMismatch'));
    }
  }
}
