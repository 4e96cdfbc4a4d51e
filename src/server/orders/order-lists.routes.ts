// Order lists (domain-decisions.md "Privacy": addresses and phones only to admins and to
// volunteers confirmed on the order's round; a client sees only their own orders).
// - GET /api/orders/user/{userId}: a CLIENT's own history, cancelled orders left out.
// - GET /api/orders/all[?status=]: an ADMIN sees every order; a VOLUNTEER (the spec's admin
//   screen sends userRole VOLUNTEER, but the session decides) sees only the orders on rounds
//   they are CONFIRMED on. A CLIENT is refused.
// - GET /api/orders/volunteer/assigned: PENDING, PROCESSING and COMPLETED orders on the
//   caller's CONFIRMED rounds; the dashboard splits Assigned (open) from Completed by status.
import type { FastifyInstance } from 'fastify';
import { allOrdersQuery, ORDER_PATHS, type OrderListReply } from '#shared/contracts/orders';
import { MESSAGES } from '#shared/rules/validation';
import { badRequest, forbidden } from '../errors.ts';
import {
  allOrders,
  confirmedVolunteerOrders,
  listOrders,
  ownOrders,
} from './order-lists.repository.ts';

function listReply(orders: OrderListReply['orders']): OrderListReply {
  return { status: 'success', orders };
}

function ownUserId(params: unknown, sessionUserId: number): number {
  const value = (params as { userId?: unknown }).userId;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) {
    throw badRequest(MESSAGES.orderHistoryGuest);
  }
  // Compared as text: no number is parsed, so no size of id can reach the database.
  if (value !== String(sessionUserId)) throw forbidden('You can only see your own orders.');
  return sessionUserId;
}

export async function orderListRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.opened.db;

  app.get(ORDER_PATHS.userOrders, { config: { access: ['CLIENT'] } }, async (request) => {
    const userId = ownUserId(request.params, request.user?.userId ?? 0);
    return listReply(await listOrders(db, ownOrders(userId)));
  });

  app.get(ORDER_PATHS.all, { config: { access: ['VOLUNTEER', 'ADMIN'] } }, async (request) => {
    const { status } = allOrdersQuery.parse(request.query ?? {});
    const user = request.user;
    if (user === null) throw forbidden();
    const filter =
      user.role === 'ADMIN'
        ? allOrders(status)
        : confirmedVolunteerOrders(user.userId, status === undefined ? undefined : [status]);
    return listReply(await listOrders(db, filter));
  });

  app.get(ORDER_PATHS.volunteerAssigned, { config: { access: ['VOLUNTEER'] } }, async (request) => {
    const userId = request.user?.userId ?? 0;
    const filter = confirmedVolunteerOrders(userId, ['PENDING', 'PROCESSING', 'COMPLETED']);
    return listReply(await listOrders(db, filter));
  });
}
