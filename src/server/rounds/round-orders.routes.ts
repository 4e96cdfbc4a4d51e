// GET /api/rounds/{roundId}/orders: the orders a round carries, for its volunteers. Privacy
// (domain-decisions.md): any volunteer may see what a round carries (ids, status, type, time,
// lines), but who the client is and where (userId, address, phone, notes) only a volunteer
// CONFIRMED on that round sees; for anyone else those are null and personalDataHidden is true.
// A list without personal data rather than a 403, so the spec's round detail (opened by
// waitlisted volunteers too) still shows the round's load.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '#shared/contracts/ids';
import { ROUND_PATHS, roundOrdersReply, type RoundOrdersReply } from '#shared/contracts/rounds';
import type { Access } from '../plugins/access.ts';
import { notFound } from '../errors.ts';
import { callerOf } from '../plugins/access.ts';
import { findRoundForUser } from './rounds.repository.ts';
import { listRoundOrders } from './round-orders.repository.ts';
import { roundOrderView } from './round-views.ts';
import { ROUND_NOT_FOUND } from './round-locks.ts';

export function roundOrdersRoute(
  untyped: FastifyInstance,
  options: { config: { access: Access } },
): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.opened;
  const schema = { params: idParams('roundId'), response: { 200: roundOrdersReply } };
  app.get(
    ROUND_PATHS.orders,
    { ...options, schema },
    async (request): Promise<RoundOrdersReply> => {
      const { roundId } = request.params;
      const round = await findRoundForUser(db, roundId, callerOf(request).userId);
      if (round === undefined) throw notFound(ROUND_NOT_FOUND);
      const confirmed = round.signup_status === 'CONFIRMED';
      const orders = (await listRoundOrders(db, roundId)).map((o) => roundOrderView(o, confirmed));
      return {
        status: 'success',
        message: 'Orders loaded.',
        personalDataHidden: !confirmed,
        orders,
      };
    },
  );
}
