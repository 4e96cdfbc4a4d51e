// The round detail modal's fresh data: GET /api/rounds/{id} and /api/rounds/{id}/orders when
// it opens. A refusal alerts the server's message (spec section 8: "A round detail with
// non-success status alerts its message"); when the server cannot be reached the modal shows
// the device copy (the round as mirrored, its orders from Assigned Orders) without an alert.
import { useEffect, useState } from 'react';
import { pathTo } from '#shared/contracts/paths';
import type { RoundOrder, VolunteerRound } from '#shared/contracts/rounds';
import { roundOrdersReplyCheck, roundReplyCheck } from '#shared/contracts/checks/rounds';
import { ROUND_PATHS } from '#shared/contracts/round-paths';
import { ApiError, apiGet } from '../../api/api-client.ts';
import { t } from '../../i18n/i18n.ts';

export type RoundOrderLine = Pick<
  RoundOrder,
  | 'orderId'
  | 'status'
  | 'orderType'
  | 'deliveryAddress'
  | 'orderItems'
  | 'personalDataHidden'
  | 'personalDataShownFrom'
  | 'personalDataPurged'
  | 'personalDataUntil'
>;

export interface RoundDetail {
  round: VolunteerRound | null;
  orders: RoundOrderLine[] | null;
}

const EMPTY: RoundDetail = { round: null, orders: null };

function alertText(reason: unknown): string | null {
  if (reason instanceof ApiError && reason.code === 'NETWORK_ERROR') return null;
  return reason instanceof Error && reason.message !== ''
    ? reason.message
    : t('volunteer.round.detailFailed');
}

async function loadDetail(roundId: number, userId: number) {
  const query = { authenticated: true, userId, userRole: 'VOLUNTEER' };
  return Promise.allSettled([
    apiGet(pathTo(ROUND_PATHS.one, { roundId }), { query, schema: roundReplyCheck }),
    apiGet(pathTo(ROUND_PATHS.orders, { roundId }), { query, schema: roundOrdersReplyCheck }),
  ]);
}

export function useRoundDetail(roundId: number | null, userId: number | null): RoundDetail {
  const [detail, setDetail] = useState<{ roundId: number; value: RoundDetail } | null>(null);
  useEffect(() => {
    if (roundId === null || userId === null) return;
    let live = true;
    void loadDetail(roundId, userId).then(([round, orders]) => {
      if (!live) return;
      setDetail({
        roundId,
        value: {
          round: round.status === 'fulfilled' ? round.value.round : null,
          orders: orders.status === 'fulfilled' ? orders.value.orders : null,
        },
      });
      const failed = [round, orders].find((r) => r.status === 'rejected');
      const text = failed === undefined ? null : alertText(failed.reason);
      if (text !== null) window.alert(text);
    });
    return () => {
      live = false;
    };
  }, [roundId, userId]);
  return detail !== null && detail.roundId === roundId ? detail.value : EMPTY;
}
