// GET /api/rounds/{roundId}/orders: the orders a round carries, for its volunteers. Privacy
// (domain-decisions.md): any volunteer may see what a round carries (ids, status, type, time,
// lines), but who the client is and where (userId, address, phone, notes) only a volunteer
// CONFIRMED on that round sees; for anyone else those are null and personalDataHidden is true.
// A list without personal data rather than a 403, so the spec's round detail (opened by
// waitlisted volunteers too) still shows the round's load.
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { ROUND_PATHS, type RoundOrdersReply } from '#shared/contracts/rounds';
import { notFound } from '../errors.ts';
import { pathId } from '../http/ids.ts';
import { callerOf } from '../plugins/access.ts';
import { findRoundForUser } from './rounds.repository.ts';
import { listRoundOrders } from './round-orders.repository.ts';
import { roundOrderView } from './round-views.ts';
import { ROUND_NOT_FOUND } from './write-context.ts';

export function roundOrdersRoute(app: FastifyInstance, options: RouteShorthandOptions): void {
  const { db } = app.ctx.opened;
  app.get(ROUND_PATHS.orders, options, async (request): Promise<RoundOrdersReply> => {
    const roundId = pathId(request.params, 'roundId');
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
  });
}
