// POST /api/orders/create (CLIENT; identity from the session, a claimed userId must be the
// caller's) and POST /api/orders/guest/create (public, rate limited per address).
// Both are replayable with an Idempotency-Key stored in the order's own transaction.
// A signed-in caller may use the guest path too: the order is then a GUEST order like any
// other (no user_id; it does not appear in their history), since it carries the guest's own
// contact details rather than the account's.
import type { FastifyInstance } from 'fastify';
import { ORDER_PATHS, type OrderCreateReply } from '#shared/contracts/orders';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { perClientAddress } from '../http/rate-limits.ts';
import { callerOf } from '../plugins/access.ts';
import { clientOrderInput, guestOrderInput, type OrderDetails } from './order-input.ts';
import { placeOrder, type Orderer } from './place-order.service.ts';

/** Guest orders per client address and minute, times config.rateLimitScale. */
export const GUEST_ORDER_RATE_LIMIT = 20;

const PLACED = 'Order placed successfully.';
const GUEST_PLACED = 'Order placed successfully. Please save your order ID.';

export async function orderCreateRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.opened.db;

  function create(details: OrderDetails, orderer: Orderer, message: string) {
    return async (trx: Parameters<typeof placeOrder>[0]) => {
      const orderId = await placeOrder(trx, details, orderer, new Date());
      const body: OrderCreateReply = {
        status: 'success',
        message,
        orderId,
        orderStatus: 'PENDING',
      };
      return { statusCode: 200, body };
    };
  }

  app.post(ORDER_PATHS.create, { config: { access: ['CLIENT'] } }, async (request, reply) => {
    const details = clientOrderInput(request.body);
    const orderer: Orderer = { userId: callerOf(request).userId, orderType: 'CLIENT' };
    return runIdempotent(request, reply, db, create(details, orderer, PLACED));
  });

  const rateLimit = perClientAddress(app.ctx.config, GUEST_ORDER_RATE_LIMIT, 'minute');
  app.post(
    ORDER_PATHS.guestCreate,
    { config: { access: 'public', rateLimit } },
    async (request, reply) => {
      const details = guestOrderInput(request.body);
      const orderer: Orderer = { userId: null, orderType: 'GUEST' };
      return runIdempotent(request, reply, db, create(details, orderer, GUEST_PLACED));
    },
  );
}
