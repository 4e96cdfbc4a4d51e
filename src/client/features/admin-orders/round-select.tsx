// Moves an open order to another upcoming round, or to none (domain-decisions.md "Stock and
// orders": new orders go to the next round; an admin can move them).
import type { AdminRound } from '#shared/contracts/admin-rounds';
import { useT } from '../../i18n/i18n.ts';
import { adminStyles as styles } from '../../ui/admin/admin-kit.tsx';
import { formatTime } from '../../ui/admin/admin-format.ts';

const NO_ROUND = '';

interface RoundSelectProps {
  orderId: number;
  roundId: number | null;
  rounds: readonly AdminRound[];
  disabled: boolean;
  onMove: (roundId: number | null) => void;
}

export function roundLabel(round: AdminRound): string {
  return `#${round.roundId} ${round.title} (${formatTime(round.startTime)})`;
}

export function RoundSelect({ orderId, roundId, rounds, disabled, onMove }: RoundSelectProps) {
  const t = useT();
  // The order's round may have started already: still show it as the current choice.
  const known = roundId === null || rounds.some((round) => round.roundId === roundId);
  return (
    <select
      className={styles.select}
      aria-label={t('admin.orders.roundFor', { orderId: String(orderId) })}
      value={roundId === null ? NO_ROUND : String(roundId)}
      disabled={disabled}
      onChange={(event) =>
        onMove(event.target.value === NO_ROUND ? null : Number(event.target.value))
      }
    >
      <option value={NO_ROUND}>{t('admin.orders.noRound')}</option>
      {!known && (
        <option value={String(roundId)}>
          {t('admin.orders.roundNumber', { roundId: String(roundId) })}
        </option>
      )}
      {rounds.map((round) => (
        <option key={round.roundId} value={String(round.roundId)}>
          {roundLabel(round)}
        </option>
      ))}
    </select>
  );
}
