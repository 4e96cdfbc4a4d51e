// Order lists (domain-decisions.md "Privacy": addresses and phones only to admins and to
// volunteers confirmed on the order's round; a client sees only their own orders).
// - GET /api/orders/user/{userId}: a CLIENT's own history, cancelled orders left out.
// - GET /api/orders/all[?status=][&limit=&before=]: an ADMIN sees every order; a VOLUNTEER
//   (the spec's admin screen sends userRole VOLUNTEER, but the session decides) sees only the
//   orders on rounds they are CONFIRMED on. A CLIENT is refused. With `limit`, one page (the
//   web client's All Orders loads 100 at a time; a list of 10,000 orders is megabytes).
// - GET /api/orders/volunteer/assigned: PENDING, PROCESSING and COMPLETED orders on the
//   caller's CONFIRMED rounds; the dashboard splits Assigned (open) from Completed by status.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allOrdersQuery,
  ORDER_PATHS,
  orderListReply,
  type OrderListReply,
} from '#shared/contracts/orders';
import { ID_RULE, idFromWire } from '#shared/contracts/ids';
import { validateOrderHistoryUserId } from '#shared/rules/orders';
import { forbidden } from '../errors.ts';
import { callerOf } from '../plugins/access.ts';
import {
  allOrders,
  confirmedVolunteerOrders,
  listOrderPage,
  listOrders,
  ownOrders,
} from './order-lists.repository.ts';

function listReply(orders: OrderListReply['orders']): OrderListReply {
  return { status: 'success', orders };
}

/**
 * The history's path: text that is not digits (the spec's client sends a guest's 'Guest', or
 * any word) gets the spec's own message, with no field name; digits out of range get the one
 * id rule ("userId: …", as idParams words it).
 */
const userOrdersParams = z.object({ userId: z.string() }).transform(({ userId }, ctx) => {
  const guest = validateOrderHistoryUserId(userId);
  const id = idFromWire(userId);
  if (guest === null && id !== undefined) return { userId: id };
  if (guest !== null) ctx.addIssue({ code: 'custom', message: guest });
  else ctx.addIssue({ code: 'custom', path: ['userId'], message: ID_RULE });
  return z.NEVER;
});

export async function orderListRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.opened.db;
  const response = { 200: orderListReply };

  const own = { params: userOrdersParams, response };
  app.get(
    ORDER_PATHS.userOrders,
    { config: { access: ['CLIENT'] }, schema: own },
    async (request) => {
      const { userId } = request.params;
      if (userId !== callerOf(request).userId) throw forbidden('You can only see your own orders.');
      return listReply(await listOrders(db, ownOrders(userId)));
    },
  );

  const all = { querystring: allOrdersQuery, response };
  app.get(
    ORDER_PATHS.all,
    { config: { access: ['VOLUNTEER', 'ADMIN'] }, schema: all },
    async (request) => {
      const { status, limit, before } = request.query;
      const user = callerOf(request);
      const filter =
        user.role === 'ADMIN' ? allOrders(status) : confirmedVolunteerOrders(user.userId, status);
      if (limit === undefined) return listReply(await listOrders(db, filter));
      const page = await listOrderPage(db, filter, { limit, before });
      return { ...listReply(page.orders), nextCursor: page.nextCursor };
    },
  );

  const assigned = { response };
  app.get(
    ORDER_PATHS.volunteerAssigned,
    { config: { access: ['VOLUNTEER'] }, schema: assigned },
    async (request) => {
      const userId = callerOf(request).userId;
      const filter = confirmedVolunteerOrders(userId, ['PENDING', 'PROCESSING', 'COMPLETED']);
      return listReply(await listOrders(db, filter));
    },
  );
}
