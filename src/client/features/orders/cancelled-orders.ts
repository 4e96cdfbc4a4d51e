// The client's recently cancelled orders (issue 20 item 5): the spec drops a cancelled order
// from the history, so the server lists the last CANCELLED_SHOWN_DAYS of them apart
// (GET /api/orders/user/{userId}/cancelled), each with who cancelled it. Read online when the
// history opens and each time the history list is refreshed (after a cancel is sent too); kept
// in memory only, so no copy of an address stays on the device. The device remembers which
// team cancels its person has been told of (localStorage, per user), so each notice shows once.
import { useEffect, useState } from 'react';
import { apiGet } from '../../api/api-client.ts';
import {
  cancelledOrdersReply,
  userCancelledOrdersPath,
  type CancelledOrderReply,
} from '#shared/contracts/orders';
import { useListRefreshedAt } from '../../offline/hooks.ts';

export async function loadCancelledOrders(userId: number): Promise<CancelledOrderReply[]> {
  const reply = await apiGet(userCancelledOrdersPath(userId), { schema: cancelledOrdersReply });
  return reply.orders;
}

/** The list, undefined until the first answer (and while the server cannot be reached). */
export function useCancelledOrders(userId: number): CancelledOrderReply[] | undefined {
  const refreshedAt = useListRefreshedAt('myOrders');
  const [orders, setOrders] = useState<CancelledOrderReply[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadCancelledOrders(userId).then(
      (list) => {
        if (live) setOrders(list);
      },
      // Offline or refused: the section waits for the next refresh; the spec's list is shown.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId, refreshedAt]);
  return orders;
}

const seenKey = (userId: number) => `streetmed.cancelNoticesSeen:${userId}`;

function readSeen(userId: number): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(seenKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * The team's cancels this device has not told its person of yet, and how to mark one told.
 * Ids older than the list are forgotten when one is marked, so the stored list stays short.
 */
export function useCancelNotices(
  userId: number,
  orders: readonly CancelledOrderReply[] | undefined,
): { unseen: CancelledOrderReply[]; dismiss: (orderId: number) => void } {
  const [seen, setSeen] = useState<number[]>(() => readSeen(userId));
  const unseen = (orders ?? []).filter(
    (o) => o.cancelledBy === 'team' && !seen.includes(o.orderId),
  );
  const dismiss = (orderId: number) => {
    const listed = new Set((orders ?? []).map((o) => o.orderId));
    const next = [...readSeen(userId).filter((id) => listed.has(id)), orderId];
    localStorage.setItem(seenKey(userId), JSON.stringify(next));
    setSeen(next);
  };
  return { unseen, dismiss };
}
