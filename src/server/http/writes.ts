// How a route hands its transaction to a service: the one WriteContext (db/write-context.ts),
// with the request's signed-in caller as the actor.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { writeContextOf, type SignedInWrite, type WriteContext } from '../db/write-context.ts';
import { callerOf } from '../plugins/access.ts';

/** The write of any route: the caller is the actor when signed in, else there is none. */
export function writeOf(request: FastifyRequest, trx: Transaction<Database>): WriteContext {
  const { user } = request;
  const actor =
    user === null ? null : { userId: user.userId, username: user.username, role: user.role };
  return writeContextOf(request.server.ctx.opened, trx, actor);
}

/** The write of a route only signed-in callers reach (the access plugin refused the rest). */
export function signedInWriteOf(
  request: FastifyRequest,
  trx: Transaction<Database>,
): SignedInWrite {
  const { userId, username, role } = callerOf(request);
  return { ...writeContextOf(request.server.ctx.opened, trx), actor: { userId, username, role } };
}
