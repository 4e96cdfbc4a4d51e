// Orders as a role's home reads them, without zod (check.ts): the history's and the
// volunteer's mirrored orders, the reply of a placed order, a queued order's lines read back.
// contracts/orders.ts holds the zod schemas they mirror and re-exports ORDER_LIMITS.
import type { OrderCreateReply, OrderLineRequest, OrderReply } from '../orders.ts';
import {
  array,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  string,
  successReply,
  literal,
  type Check,
} from './check.ts';

/** Longest texts and largest numbers accepted; anything beyond is a 400, never cut. */
export const ORDER_LIMITS = {
  lines: 50,
  quantity: 10_000,
  itemName: 200,
  deliveryAddress: 500,
  phone: 40,
  notes: 2000,
  name: 100,
  email: 254,
} as const;

/** How long a client's cancelled order stays in their history's "Cancelled" section. */
export const CANCELLED_SHOWN_DAYS = 14;

export const ORDER_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'CANCELLED'] as const;
export const ORDER_TYPES = ['CLIENT', 'GUEST'] as const;

/** contracts/orders.ts orderLineRequest: the name trimmed, 1 to 200 characters. */
export const orderLineCheck: Check<OrderLineRequest> = object({
  itemName: string({ trim: true, min: 1, max: ORDER_LIMITS.itemName }),
  quantity: number({ int: true, min: 1, max: ORDER_LIMITS.quantity }),
});

/** contracts/orders.ts personalDataFields. */
export const personalDataShape = {
  personalDataHidden: boolean(),
  personalDataShownFrom: nullable(string()),
  personalDataPurged: boolean(),
  personalDataUntil: nullable(string()),
};

/** contracts/orders.ts orderReply, as a shape a local order extends. */
export const orderReplyShape = {
  orderId: number(),
  status: oneOf(ORDER_STATUSES),
  orderType: oneOf(ORDER_TYPES),
  userId: nullable(number()),
  deliveryAddress: nullable(string()),
  phoneNumber: nullable(string()),
  notes: nullable(string()),
  firstName: nullable(string()),
  lastName: nullable(string()),
  email: nullable(string()),
  roundId: nullable(number()),
  requestTime: string(),
  orderItems: array(object({ itemName: string(), quantity: number(), isCustom: boolean() })),
  ...personalDataShape,
};

export const orderReplyCheck: Check<OrderReply> = object(orderReplyShape);

export const orderCreateReplyCheck: Check<OrderCreateReply> = successReply({
  orderId: number(),
  orderStatus: literal('PENDING'),
});
