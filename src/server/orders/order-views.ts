// A listed order → the order reply of contracts/orders.ts, as the caller may see it
// (domain-decisions.md "Privacy", beyond-spec.md section 2; the rule itself is the shared
// address window). The one place that decides what of an order's personal data a list holds.
import type { OrderReply } from '#shared/contracts/orders';
import {
  holdsAddressOrPhone,
  isFinalOrderStatus,
  personalDataVerdict,
  type OrderViewer,
  type PersonalDataVerdict,
  type PrivacySettings,
} from '#shared/rules/address-window';
import type { ListedOrder } from './orders.types.ts';

/** Who asks and when: every order of one reply is seen the same way. */
export interface OrderViewContext {
  viewer: Extract<OrderViewer, 'owner' | 'admin' | 'confirmedVolunteer'>;
  now: Date;
  settings: PrivacySettings;
}

function verdictOf(listed: ListedOrder, context: OrderViewContext): PersonalDataVerdict {
  const { order, round } = listed;
  const facts = {
    final: isFinalOrderStatus(order.status),
    updatedAt: order.updated_at,
    purged: order.personal_data_purged_at !== null,
    round,
  };
  return personalDataVerdict(context.viewer, facts, context.now, context.settings);
}

/** The order as the context's caller sees it, and whether its address or phone is in it. */
export function orderView(
  listed: ListedOrder,
  context: OrderViewContext,
): { reply: OrderReply; holdsPersonalData: boolean } {
  const { order } = listed;
  const verdict = verdictOf(listed, context);
  const shown = verdict.shown;
  const volunteer = context.viewer === 'confirmedVolunteer';
  const reply: OrderReply = {
    orderId: order.id,
    status: order.status,
    orderType: order.order_type,
    // Who the client is, like where they are, only while a volunteer may see it.
    userId: volunteer && !shown ? null : order.user_id,
    deliveryAddress: shown ? order.delivery_address : null,
    phoneNumber: shown ? order.phone_number : null,
    notes: shown ? order.notes : null,
    firstName: shown ? order.first_name : null,
    lastName: shown ? order.last_name : null,
    // A volunteer delivers by address and phone: a guest's email is never theirs to see.
    email: shown && !volunteer ? order.email : null,
    roundId: order.round_id,
    requestTime: order.request_time,
    orderItems: listed.lines,
    personalDataHidden: verdict.hidden,
    personalDataShownFrom: verdict.shownFrom,
    personalDataPurged: verdict.purged,
    personalDataUntil: verdict.until,
  };
  return { reply, holdsPersonalData: holdsAddressOrPhone(reply) };
}

/** Every order of a list as the caller sees it, and the ids of those holding an address or phone. */
export function orderListView(
  orders: readonly ListedOrder[],
  context: OrderViewContext,
): { replies: OrderReply[]; personalDataIds: number[] } {
  const replies: OrderReply[] = [];
  const personalDataIds: number[] = [];
  for (const listed of orders) {
    const { reply, holdsPersonalData } = orderView(listed, context);
    replies.push(reply);
    if (holdsPersonalData) personalDataIds.push(reply.orderId);
  }
  return { replies, personalDataIds };
}
