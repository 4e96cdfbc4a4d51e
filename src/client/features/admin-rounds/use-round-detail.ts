// The open round's detail (GET /api/admin/rounds/{id}: round and signups). A failure is an
// alert (product-spec.md section 8: 'Error fetching round details') and closes the dialog.
import { useEffect, useRef, useState } from 'react';
import type { AdminRoundDetailReply } from '#shared/contracts/admin-rounds';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { loadRound } from './rounds-api.ts';

export interface RoundDetail {
  detail: AdminRoundDetailReply | null;
  reload: () => void;
}

export function useRoundDetail(roundId: number, onFailed: () => void): RoundDetail {
  const [loaded, setLoaded] = useState<AdminRoundDetailReply | null>(null);
  const [tick, setTick] = useState(0);
  // The latest callback, without reloading when the caller passes a new one.
  const failedRef = useRef(onFailed);
  useEffect(() => {
    failedRef.current = onFailed;
  });
  useEffect(() => {
    let live = true;
    loadRound(roundId).then(
      (reply) => live && setLoaded(reply),
      (error: unknown) => {
        if (!live) return;
        alertRoundError(ROUND_ERRORS.fetchDetails, error);
        failedRef.current();
      },
    );
    return () => {
      live = false;
    };
  }, [roundId, tick]);
  const detail = loaded?.round.roundId === roundId ? loaded : null;
  return { detail, reload: () => setTick((n) => n + 1) };
}
