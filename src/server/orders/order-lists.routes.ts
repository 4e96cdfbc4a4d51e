// Order lists (domain-decisions.md "Privacy"; beyond-spec.md section 2: addresses and phones
// to admins, to a client for their own orders, and to volunteers confirmed on the order's
// round only inside its address window; order-views.ts decides, per order).
// - GET /api/orders/user/{userId}: a CLIENT's own history, cancelled orders left out.
// - GET /api/orders/user/{userId}/cancelled: the same CLIENT's orders cancelled in the last
//   CANCELLED_SHOWN_DAYS (issue 20 item 5), each with cancelledBy 'you' (their own cancel) or
//   'team' (anyone else: the admin's identity never leaves), and cancelledAt.
// - GET /api/orders/all[?status=][&limit=&before=]: an ADMIN sees every order; a VOLUNTEER
//   (the spec's admin screen sends userRole VOLUNTEER, but the session decides) sees only the
//   orders on rounds they are CONFIRMED on, never a cancelled one. A CLIENT is refused. With
//   `limit`, one page (the web client's All Orders loads 100 at a time; a list of 10,000
//   orders is megabytes).
// - GET /api/orders/volunteer/assigned: PENDING, PROCESSING and COMPLETED orders on the
//   caller's CONFIRMED rounds; the dashboard splits Assigned (open) from Completed by status.
// A reply giving a volunteer or an admin an address or phone is recorded in the audit log
// before it is sent (http/personal-data-reads.ts); a client's own history is not.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allOrdersQuery,
  CANCELLED_SHOWN_DAYS,
  cancelledOrdersReply,
  type CancelledOrdersReply,
  ORDER_PATHS,
  orderListReply,
  type OrderListReply,
} from '#shared/contracts/orders';
import { ID_RULE, idFromWire } from '#shared/contracts/ids';
import { validateOrderHistoryUserId } from '#shared/rules/orders';
import { forbidden } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { issueText } from '#shared/i18n/issue-messages';
import { privacyOf, recordRead } from '../http/personal-data-reads.ts';
import { callerOf } from '../plugins/access.ts';
import {
  allOrders,
  confirmedVolunteerOrders,
  listOrderPage,
  listOrders,
  ownCancelledSince,
  ownOrders,
} from './order-lists.repository.ts';
import type { ListedOrder } from './orders.types.ts';
import { orderListView, type OrderViewContext } from './order-views.ts';

/**
 * The orders as the caller sees them, the read recorded first when someone other than the
 * client gets an address or phone.
 */
async function seenBy(
  request: FastifyRequest,
  viewer: OrderViewContext['viewer'],
  orders: readonly ListedOrder[],
): Promise<OrderListReply['orders']> {
  const { now, settings } = privacyOf(request);
  const { replies, personalDataIds } = orderListView(orders, { viewer, now, settings });
  if (viewer !== 'owner') await recordRead(request, now, 'order', personalDataIds);
  return replies;
}

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
  // A zod issue carries a string: the rule's message id (issueText), worded per caller.
  if (guest !== null) ctx.addIssue({ code: 'custom', message: issueText(guest) });
  else ctx.addIssue({ code: 'custom', path: ['userId'], message: ID_RULE });
  return z.NEVER;
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** A client asking for someone else's history (worded in the caller's language). */
const OWN_ORDERS_ONLY = message('server.orders.ownOnly');

/** The client's own cancelled orders as their history shows them: who cancelled, and when. */
function cancelledReply(
  request: FastifyRequest,
  userId: number,
  orders: readonly ListedOrder[],
): CancelledOrdersReply {
  const { now, settings } = privacyOf(request);
  const { replies } = orderListView(orders, { viewer: 'owner', now, settings });
  return {
    status: 'success',
    orders: replies.map((reply, i) => {
      const record = orders[i]?.order;
      return {
        ...reply,
        cancelledBy: record?.cancelled_by === userId ? 'you' : 'team',
        cancelledAt: record?.updated_at ?? reply.requestTime,
      };
    }),
  };
}

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
      if (userId !== callerOf(request).userId) throw forbidden(OWN_ORDERS_ONLY);
      return listReply(await seenBy(request, 'owner', await listOrders(db, ownOrders(userId))));
    },
  );

  const cancelled = { params: userOrdersParams, response: { 200: cancelledOrdersReply } };
  app.get(
    ORDER_PATHS.userCancelled,
    { config: { access: ['CLIENT'] }, schema: cancelled },
    async (request) => {
      const { userId } = request.params;
      if (userId !== callerOf(request).userId) throw forbidden(OWN_ORDERS_ONLY);
      const { now } = privacyOf(request);
      const since = new Date(now.getTime() - CANCELLED_SHOWN_DAYS * DAY_MS).toISOString();
      return cancelledReply(
        request,
        userId,
        await listOrders(db, ownCancelledSince(userId, since)),
      );
    },
  );

  const all = { querystring: allOrdersQuery, response };
  app.get(
    ORDER_PATHS.all,
    { config: { access: ['VOLUNTEER', 'ADMIN'] }, schema: all },
    async (request) => {
      const { status, limit, before } = request.query;
      const user = callerOf(request);
      const admin = user.role === 'ADMIN';
      const viewer = admin ? 'admin' : 'confirmedVolunteer';
      const filter = admin ? allOrders(status) : confirmedVolunteerOrders(user.userId, status);
      if (limit === undefined) {
        return listReply(await seenBy(request, viewer, await listOrders(db, filter)));
      }
      const page = await listOrderPage(db, filter, { limit, before });
      return {
        ...listReply(await seenBy(request, viewer, page.orders)),
        nextCursor: page.nextCursor,
      };
    },
  );

  const assigned = { response };
  app.get(
    ORDER_PATHS.volunteerAssigned,
    { config: { access: ['VOLUNTEER'] }, schema: assigned },
    async (request) => {
      const userId = callerOf(request).userId;
      const filter = confirmedVolunteerOrders(userId, ['PENDING', 'PROCESSING', 'COMPLETED']);
      return listReply(await seenBy(request, 'confirmedVolunteer', await listOrders(db, filter)));
    },
  );
}
