// What every admin route shares: its access config and the write context of its transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Role } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import type { AdminWrite } from './admin-users.service.ts';

export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

/** The signed-in admin's id (the access plugin has refused everyone else already). */
export function adminIdOf(request: FastifyRequest): number {
  if (request.user === null) throw unauthorized();
  return request.user.userId;
}

export function adminWriteOf(
  app: FastifyInstance,
  request: FastifyRequest,
  trx: Transaction<Database>,
): AdminWrite {
  return {
    trx,
    now: new Date(),
    adminId: adminIdOf(request),
    rowLocks: app.ctx.opened.dialect === 'postgres',
  };
}
