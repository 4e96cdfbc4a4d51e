// All Orders calls (product-spec.md section 7 "Orders"): GET /api/orders/all with the spec's
// query (authenticated, userId, userRole VOLUNTEER — a claim the server ignores; the session's
// ADMIN role decides) plus a status filter; the admin's Cancel; and moving an order to another
// upcoming round (PUT /api/admin/orders/{id}/round, domain-decisions.md "Stock and orders").
import { apiGet, apiPost, apiPut } from '../../api/api-client.ts';
import {
  adminOrderRoundPath,
  cancelOrderPath,
  orderActionReply,
  orderListReply,
  orderRoundReply,
  ORDER_PATHS,
  type OrderReply,
  type OrderStatusName,
} from '#shared/contracts/orders';
import {
  ADMIN_ROUND_PATHS,
  type AdminRound,
  adminRoundsReply,
} from '#shared/contracts/admin-rounds';
import { adminClaims, adminHeaders, adminUserId } from '../../session/admin-identity.ts';

export const ORDER_FILTERS = ['PENDING', 'COMPLETED', 'CANCELLED'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/**
 * The statuses a filter shows. PENDING also shows PROCESSING: both are open orders an admin may
 * still cancel or move, and the spec's filters offer no other place for them.
 */
export const FILTER_STATUSES: Record<OrderFilter, readonly OrderStatusName[]> = {
  PENDING: ['PENDING', 'PROCESSING'],
  COMPLETED: ['COMPLETED'],
  CANCELLED: ['CANCELLED'],
};

/** Orders one screenful loads; "Load more orders" asks for the next. */
export const ORDERS_PER_PAGE = 100;

export interface OrdersPage {
  orders: OrderReply[];
  /** Where the next page starts, or null when this was the last. */
  nextCursor: string | null;
}

/**
 * One page of a filter's orders, newest first. The server filters by the statuses (one call
 * for PENDING and PROCESSING together) and pages by cursor; a list of 10,000 orders at once
 * would be megabytes.
 */
export async function loadOrders(
  filter: OrderFilter,
  before: string | null = null,
): Promise<OrdersPage> {
  const statuses = FILTER_STATUSES[filter];
  const reply = await apiGet(ORDER_PATHS.all, {
    query: {
      authenticated: true,
      userId: adminUserId(),
      userRole: 'VOLUNTEER',
      status: statuses.join(','),
      limit: ORDERS_PER_PAGE,
      before,
    },
    headers: adminHeaders(),
    schema: orderListReply,
  });
  // Filtered here too, as the spec's client does: the list is what the button says.
  const orders = reply.orders.filter((order) => statuses.includes(order.status));
  return { orders, nextCursor: reply.nextCursor ?? null };
}

export function isOpen(status: OrderStatusName): boolean {
  return status === 'PENDING' || status === 'PROCESSING';
}

/** Resolves to the server's message. */
export async function cancelOrder(orderId: number): Promise<string> {
  const body = { authenticated: true, userId: adminUserId(), userRole: 'ADMIN' };
  const reply = await apiPost(cancelOrderPath(orderId), body, {
    headers: adminHeaders(),
    schema: orderActionReply,
  });
  return reply.message;
}

export async function moveOrder(orderId: number, roundId: number | null): Promise<string> {
  const reply = await apiPut(
    adminOrderRoundPath(orderId),
    { ...adminClaims(), roundId },
    { schema: orderRoundReply },
  );
  return reply.message;
}

/** Rounds an order can move to: not ended, SCHEDULED or IN_PROGRESS. */
export async function loadUpcomingRounds(): Promise<AdminRound[]> {
  const reply = await apiGet(ADMIN_ROUND_PATHS.upcoming, {
    query: { ...adminClaims() },
    schema: adminRoundsReply,
  });
  return reply.rounds;
}
