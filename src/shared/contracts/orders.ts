// Order calls (product-spec.md sections 3, 4 and 7 "Orders"; domain-decisions.md "Stock and
// orders"). Request schemas pin types, ranges and lengths; required texts are nullish so that
// a missing one gets the spec's message from rules/orders.ts. Unknown fields
// (authenticated, userRole) are stripped; a claimed userId is checked by the server's access
// plugin against the session.
import { z } from 'zod';
import { ORDER_LIMITS, ORDER_STATUSES, ORDER_TYPES } from './checks/orders.ts';
import { wireId } from './ids.ts';
import { ORDER_PATHS } from './order-paths.ts';
import { pathTo } from './paths.ts';
import { successReply } from './replies.ts';

export { ORDER_PATHS } from './order-paths.ts';

export const userOrdersPath = (userId: number | string) =>
  pathTo(ORDER_PATHS.userOrders, { userId });
export const userCancelledOrdersPath = (userId: number | string) =>
  pathTo(ORDER_PATHS.userCancelled, { userId });
export const cancelOrderPath = (orderId: number | string) =>
  pathTo(ORDER_PATHS.cancel, { orderId });
export const orderStatusPath = (orderId: number | string) =>
  pathTo(ORDER_PATHS.status, { orderId });
export const adminOrderRoundPath = (orderId: number | string) =>
  pathTo(ORDER_PATHS.adminRound, { orderId });

// The limits live with the homes' zod-free checks (checks/orders.ts), which the cart reads.
export { ORDER_LIMITS };

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatusName = z.infer<typeof orderStatusSchema>;
export const orderTypeSchema = z.enum(ORDER_TYPES);

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();

const quantity = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(ORDER_LIMITS.quantity, `must be at most ${ORDER_LIMITS.quantity}`);

export const orderLineRequest = z.object({
  itemName: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(ORDER_LIMITS.itemName, `must be at most ${ORDER_LIMITS.itemName} characters`),
  quantity,
});
export type OrderLineRequest = z.infer<typeof orderLineRequest>;

/** Items may be empty here: an empty cart gets the spec's 'Your cart is empty.' */
const items = z
  .array(orderLineRequest, { error: 'must be a list of items' })
  .max(ORDER_LIMITS.lines, `must have at most ${ORDER_LIMITS.lines} lines`)
  .nullish();

const latitude = z.number().min(-90).max(90).nullish();
const longitude = z.number().min(-180).max(180).nullish();

export const clientOrderRequest = z.object({
  deliveryAddress: text(ORDER_LIMITS.deliveryAddress),
  phoneNumber: text(ORDER_LIMITS.phone),
  notes: text(ORDER_LIMITS.notes),
  items,
  latitude,
  longitude,
});
export type ClientOrderRequest = z.infer<typeof clientOrderRequest>;

export const guestOrderRequest = z.object({
  firstName: text(ORDER_LIMITS.name),
  lastName: text(ORDER_LIMITS.name),
  email: text(ORDER_LIMITS.email),
  phone: text(ORDER_LIMITS.phone),
  deliveryAddress: text(ORDER_LIMITS.deliveryAddress),
  notes: text(ORDER_LIMITS.notes),
  items,
  latitude,
  longitude,
});
export type GuestOrderRequest = z.infer<typeof guestOrderRequest>;

export const orderCreateReply = successReply({
  orderId: z.number(),
  orderStatus: z.literal('PENDING'),
});
export type OrderCreateReply = z.infer<typeof orderCreateReply>;

export const orderItemReply = z.object({
  itemName: z.string(),
  quantity: z.number(),
  /** A request that matched no catalogue item (reserves nothing); shown as such to admins. */
  isCustom: z.boolean(),
});

/**
 * When a reply holds an order's personal data (beyond-spec.md section 2; the rule is
 * shared/rules/address-window.ts). Every shape that carries an order carries these.
 */
export const personalDataFields = {
  /**
   * The caller may not see the personal data now: a volunteer outside the round's address
   * window (or not CONFIRMED on it). Address, phone, notes, guest names and userId are null.
   */
  personalDataHidden: z.boolean(),
  /** Hidden, and the window is still to come: when the address will show (ISO 8601 UTC). */
  personalDataShownFrom: z.string().nullable(),
  /** The retention sweep removed it: address, phone, notes, guest names and email are null. */
  personalDataPurged: z.boolean(),
  /**
   * After this instant a device must drop its copy of the personal data (ISO 8601 UTC): the
   * window's end for a volunteer, a COMPLETED or CANCELLED order's last change plus
   * RETENTION_DAYS; null when nothing expires.
   */
  personalDataUntil: z.string().nullable(),
};

/**
 * One order as every list shows it. Guest details (firstName, lastName, email) are null on
 * CLIENT orders. A volunteer never gets a guest's email, and gets address, phone, notes and
 * names only inside the round's address window; admins always, unless purged; a client their
 * own (domain-decisions.md "Privacy", beyond-spec.md section 2).
 */
export const orderReply = z.object({
  orderId: z.number(),
  status: orderStatusSchema,
  orderType: orderTypeSchema,
  userId: z.number().nullable(),
  deliveryAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  notes: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  roundId: z.number().nullable(),
  /** ISO 8601 UTC with Z. */
  requestTime: z.string(),
  orderItems: z.array(orderItemReply),
  ...personalDataFields,
});
export type OrderReply = z.infer<typeof orderReply>;

export const orderListReply = z.object({
  status: z.literal('success'),
  orders: z.array(orderReply),
  /** GET /api/orders/all with a limit: the `before` of the next page, null on the last. */
  nextCursor: z.string().nullable().optional(),
});
export type OrderListReply = z.infer<typeof orderListReply>;

export { CANCELLED_SHOWN_DAYS } from './checks/orders.ts';

/**
 * GET /api/orders/user/{userId}/cancelled (issue 20 item 5): the client's orders cancelled in
 * the last CANCELLED_SHOWN_DAYS, newest first, with who cancelled — the client ('you') or
 * anyone else ('team'; never which admin). Personal data as in the client's own history.
 */
export const cancelledOrderReply = orderReply.extend({
  cancelledBy: z.enum(['you', 'team']),
  /** When it was cancelled (ISO 8601 UTC). */
  cancelledAt: z.string(),
});
export type CancelledOrderReply = z.infer<typeof cancelledOrderReply>;

export const cancelledOrdersReply = z.object({
  status: z.literal('success'),
  orders: z.array(cancelledOrderReply),
});
export type CancelledOrdersReply = z.infer<typeof cancelledOrdersReply>;

/** The most orders one page of GET /api/orders/all holds. */
export const ORDER_PAGE_MAX = 500;

/** A page boundary: the last order's requestTime and id, e.g. 2026-11-22T09:00:00.000Z_42. */
const ORDER_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([1-9]\d{0,9})$/;

export interface OrderCursor {
  requestTime: string;
  orderId: number;
}

export function orderCursorText(cursor: OrderCursor): string {
  return `${cursor.requestTime}_${cursor.orderId}`;
}

const orderCursor = z.string().transform((text, ctx): OrderCursor => {
  const match = ORDER_CURSOR.exec(text);
  if (match === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a nextCursor from an earlier page' });
    return z.NEVER;
  }
  return { requestTime: match[1] ?? '', orderId: Number(match[2]) };
});

/** Comma-separated statuses, e.g. PENDING,PROCESSING (the spec's client sends one or none). */
const statusList = z
  .string()
  .transform((text) => text.split(','))
  .pipe(z.array(orderStatusSchema).min(1));

/**
 * GET /api/orders/all: optional status filter (the client may also filter itself). Without
 * `limit` every matching order comes at once, as the spec's call expects; with it, a page of
 * that many, newest first, and a nextCursor to pass as `before` for the next one.
 */
export const allOrdersQuery = z.object({
  status: statusList.optional(),
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX).optional(),
  before: orderCursor.optional(),
});

export const orderStatusRequest = z.object({
  status: z.string({ error: 'is required' }),
});

export const orderRoundRequest = z.object({
  /** The round to move the order to, or null to detach it from any round. */
  roundId: wireId.nullable(),
});

export const orderActionReply = successReply({});
export type OrderActionReply = z.infer<typeof orderActionReply>;

export const orderRoundReply = orderActionReply.extend({
  orderId: z.number(),
  roundId: z.number().nullable(),
});
export type OrderRoundReply = z.infer<typeof orderRoundReply>;
