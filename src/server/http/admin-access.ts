// The access of every admin route (admin users, applications, feedback, alerts…) and the
// signed-in admin's id, which those routes log and compare against.
import type { FastifyRequest } from 'fastify';
import type { Role } from '../db/schema.ts';
import { callerOf } from '../plugins/access.ts';

export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

/** The signed-in admin's id (the access plugin has refused everyone else already). */
export function adminIdOf(request: FastifyRequest): number {
  return callerOf(request).userId;
}
