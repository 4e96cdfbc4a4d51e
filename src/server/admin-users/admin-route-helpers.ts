// What every admin route shares: its access config and the write context of its transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, Role } from '../db/schema.ts';
import { writeContextOf } from '../db/write-context.ts';
import { callerOf } from '../plugins/access.ts';
import type { AdminWrite } from './admin-users.service.ts';

export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

/** The signed-in admin's id (the access plugin has refused everyone else already). */
export function adminIdOf(request: FastifyRequest): number {
  return callerOf(request).userId;
}

export function adminWriteOf(
  app: FastifyInstance,
  request: FastifyRequest,
  trx: Transaction<Database>,
): AdminWrite {
  return { ...writeContextOf(app.ctx.opened, trx), adminId: adminIdOf(request) };
}
