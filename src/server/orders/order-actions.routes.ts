// Changing an order:
// - POST /api/orders/{orderId}/cancel: the owning CLIENT or an ADMIN (the All Orders screen's
//   Cancel); someone else's order is a 404, like a missing one.
// - PUT /api/orders/{orderId}/status: a VOLUNTEER confirmed on the order's round, status
//   PROCESSING ("Start delivery", from PENDING) or COMPLETED; no other status is set here.
// - PUT /api/admin/orders/{orderId}/round: an ADMIN moves an open order to a round or to none.
// All replayable with an Idempotency-Key.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ORDER_PATHS,
  orderActionReply,
  orderRoundReply,
  orderRoundRequest,
  orderStatusRequest,
  type OrderActionReply,
  type OrderRoundReply,
} from '#shared/contracts/orders';
import { badRequest } from '../errors.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { signedInWriteOf } from '../http/writes.ts';
import {
  cancelOrder,
  completeOrder,
  moveOrderToRound,
  startDelivery,
} from './order-actions.service.ts';
import type { SignedInWrite } from '../db/write-context.ts';
import { idParams } from '#shared/contracts/ids';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { message, type MessageId } from '#shared/i18n/messages';
import { requestLanguage } from '../i18n/request-language.ts';
import { translate } from '../i18n/translator.ts';

interface StatusChange {
  run: (w: SignedInWrite, orderId: number) => Promise<void>;
  /** The success message, worded in the caller's language. */
  done: MessageId;
}

/** What a volunteer may set through the status route (beyond-spec.md section 7). */
const STATUS_CHANGES: Readonly<Record<string, StatusChange>> = {
  PROCESSING: { run: startDelivery, done: 'server.orders.deliveryStarted' },
  COMPLETED: { run: completeOrder, done: 'server.orders.completed' },
};

function statusChangeOf(status: string): StatusChange {
  const change = Object.hasOwn(STATUS_CHANGES, status) ? STATUS_CHANGES[status] : undefined;
  if (change === undefined) throw badRequest(message('server.orders.statusNotSettable'));
  return change;
}

export async function orderActionRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.opened.db;
  const params = idParams('orderId');
  const actionReply = documentedReplies({ 200: orderActionReply });

  app.post(
    ORDER_PATHS.cancel,
    {
      config: { idempotent: true, access: ['CLIENT', 'ADMIN'] },
      schema: { params, response: actionReply },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      return runIdempotent(request, reply, db, async (trx) => {
        await cancelOrder(signedInWriteOf(request, trx), orderId);
        const body: OrderActionReply = {
          status: 'success',
          message: translate(requestLanguage(request), 'server.orders.cancelled'),
        };
        return { statusCode: 200, body };
      });
    },
  );

  const status = { params, body: orderStatusRequest, response: actionReply };
  app.put(
    ORDER_PATHS.status,
    { config: { idempotent: true, access: ['VOLUNTEER'] }, schema: status },
    async (request, reply) => {
      const { orderId } = request.params;
      const change = statusChangeOf(request.body.status);
      return runIdempotent(request, reply, db, async (trx) => {
        await change.run(signedInWriteOf(request, trx), orderId);
        const body: OrderActionReply = {
          status: 'success',
          message: translate(requestLanguage(request), change.done),
        };
        return { statusCode: 200, body };
      });
    },
  );

  const round = {
    params,
    body: orderRoundRequest,
    response: documentedReplies({ 200: orderRoundReply }),
  };
  app.put(
    ORDER_PATHS.adminRound,
    { config: { idempotent: true, access: ['ADMIN'] }, schema: round },
    async (request, reply) => {
      const { orderId } = request.params;
      const { roundId } = request.body;
      return runIdempotent(request, reply, db, async (trx) => {
        await moveOrderToRound(signedInWriteOf(request, trx), orderId, roundId);
        const done = roundId === null ? 'server.orders.removedFromRound' : 'server.orders.moved';
        const body: OrderRoundReply = {
          status: 'success',
          message: translate(requestLanguage(request), done),
          orderId,
          roundId,
        };
        return { statusCode: 200, body };
      });
    },
  );
}
