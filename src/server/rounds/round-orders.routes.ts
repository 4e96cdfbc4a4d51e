// GET /api/rounds/{roundId}/orders: the orders a round carries, for its volunteers. Privacy
// (domain-decisions.md, beyond-spec.md section 2): any volunteer may see what a round carries
// (ids, status, type, time, lines), but who the client is and where (userId, address, phone,
// notes) only a volunteer CONFIRMED on that round, inside its address window; for anyone else
// those are null, personalDataHidden is true and each order says when its address shows.
// A list without personal data rather than a 403, so the spec's round detail (opened by
// waitlisted volunteers too) still shows the round's load. A reply holding an address or phone
// is recorded in the audit log before it is sent. Cancelled orders are never listed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '#shared/contracts/ids';
import { ROUND_PATHS, roundOrdersReply, type RoundOrdersReply } from '#shared/contracts/rounds';
import type { Access } from '../plugins/access.ts';
import { notFound } from '../errors.ts';
import { privacyOf, recordRead } from '../http/personal-data-reads.ts';
import { callerOf } from '../plugins/access.ts';
import { findRoundForUser } from './rounds.repository.ts';
import { listRoundOrders } from './round-orders.repository.ts';
import { roundOrderView, roundPersonalDataHidden } from './round-views.ts';
import { ROUND_NOT_FOUND } from './round-locks.ts';
import { sayTo } from '../i18n/say-to.ts';

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
      const context = {
        ...privacyOf(request),
        viewer:
          round.signup_status === 'CONFIRMED'
            ? ('confirmedVolunteer' as const)
            : ('otherVolunteer' as const),
        round: { startTime: round.start_time, endTime: round.end_time },
      };
      const views = (await listRoundOrders(db, roundId)).map((o) => roundOrderView(o, context));
      const withData = views.filter((v) => v.holdsPersonalData).map((v) => v.reply.orderId);
      await recordRead(request, context.now, 'order', withData);
      return {
        status: 'success',
        message: sayTo(request, 'server.rounds.ordersLoaded'),
        personalDataHidden: roundPersonalDataHidden(context),
        orders: views.map((v) => v.reply),
      };
    },
  );
}
