// An order placed on this device that the server has not answered yet, as the history shows
// it (issue 4 item 5: "the order shown at once in history as waiting to send"): a row of the
// 'myOrders' mirror with the id 'local-<uuid>', shaped like the server's order but without
// an order ID. It is the optimistic change of the order's outbox action: undone if the
// server refuses the order, replaced by the server's row at the next refresh.
import type { OrderReply } from '#shared/contracts/orders';
import { literal, object, type Output } from '#shared/contracts/checks/check';
import { orderReplyCheck, orderReplyShape } from '#shared/contracts/checks/orders';

/** zod-free (contracts/checks): the client's home reads the history's rows without zod. */
export const localOrder = object({
  ...orderReplyShape,
  orderId: literal(null),
  local: literal(true),
});
export type LocalOrder = Output<typeof localOrder>;

export interface LocalOrderInput {
  userId: number;
  deliveryAddress: string;
  phoneNumber: string;
  notes: string;
  items: readonly { itemName: string; quantity: number }[];
}

export function newLocalOrderId(): string {
  return `local-${globalThis.crypto.randomUUID()}`;
}

export function localOrderData(input: LocalOrderInput, now = new Date()): LocalOrder {
  return {
    orderId: null,
    local: true,
    status: 'PENDING',
    orderType: 'CLIENT',
    userId: input.userId,
    deliveryAddress: input.deliveryAddress,
    phoneNumber: input.phoneNumber,
    notes: input.notes,
    firstName: null,
    lastName: null,
    email: null,
    roundId: null,
    requestTime: now.toISOString(),
    orderItems: input.items.map((i) => ({ ...i, isCustom: false })),
    // The client's own data, on their own device: nothing hidden, nothing expires while open.
    personalDataHidden: false,
    personalDataShownFrom: null,
    personalDataPurged: false,
    personalDataUntil: null,
  };
}

export type HistoryOrder = OrderReply | LocalOrder;

/** A history row as read from the device: the server's order or a local one; else null. */
export function parseHistoryOrder(data: unknown): HistoryOrder | null {
  const server = orderReplyCheck.safeParse(data);
  if (server.success) return server.data;
  const local = localOrder.safeParse(data);
  return local.success ? local.data : null;
}
