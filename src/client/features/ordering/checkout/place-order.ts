// 'Place Order' (spec sections 4, 5 and 8 "Orders"): the form's rules first (no call while
// they refuse), then the device location (never holding the order up), then the outbox.
// The outcome: the server's reply, its refusal (its message, or 'Order creation failed'),
// queued for later ("Saved — will send when online"), or 'Order creation failed.' when the
// device could not even queue it.
import { orderCreateReplyCheck } from '#shared/contracts/checks/orders';
import { message } from '#shared/i18n/messages';
import type { Saying } from '../../../i18n/i18n.ts';
import type { TypedAction } from '../../../offline/actions.ts';
import { submit } from '../../../offline/submit.ts';
import { deviceLocation, type DeviceLocation } from './device-location.ts';

// Messages, not texts: a refusal shown under the cart follows a change of language.
export const ORDER_FAILED = message('ordering.checkout.failed');
export const ORDER_FAILED_LOCALLY = message('ordering.checkout.failedLocally');

export type PlaceResult =
  | { kind: 'invalid'; message: Saying }
  | { kind: 'sent'; orderId: number | null; orderStatus: string; message: string }
  | { kind: 'rejected'; message: Saying }
  | { kind: 'queued' };

/** The server's message in a refusal (in the caller's language), else the spec's fallback. */
export function refusalText(body: unknown): Saying {
  const text = (body as { message?: unknown } | null)?.message;
  return typeof text === 'string' && text.trim() !== '' ? text : ORDER_FAILED;
}

/** The reply of an accepted order; a reply of another shape still means it was placed. */
export function placedReply(body: unknown): Extract<PlaceResult, { kind: 'sent' }> {
  const parsed = orderCreateReplyCheck.safeParse(body);
  if (!parsed.success) return { kind: 'sent', orderId: null, orderStatus: 'PENDING', message: '' };
  const { orderId, orderStatus, message } = parsed.data;
  return { kind: 'sent', orderId, orderStatus, message };
}

export type PlacingAction = TypedAction<'order.create'> | TypedAction<'order.guestCreate'>;

export async function placeOrder(
  problem: Saying | null,
  build: (location: DeviceLocation | null) => PlacingAction,
): Promise<PlaceResult> {
  if (problem !== null) return { kind: 'invalid', message: problem };
  try {
    const outcome = await submit(build(await deviceLocation()));
    switch (outcome.kind) {
      case 'sent':
        return placedReply(outcome.verdict.body);
      case 'rejected':
        return { kind: 'rejected', message: refusalText(outcome.verdict.body) };
      case 'queued':
        return { kind: 'queued' };
    }
  } catch {
    return { kind: 'rejected', message: ORDER_FAILED_LOCALLY };
  }
}
