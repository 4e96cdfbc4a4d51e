// View Rounds: every round; clicking a row (or its title, for keyboard users) opens the round
// dialog.
import type { AdminRound } from '#shared/contracts/admin-rounds';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { AdminTable, adminStyles, EmptyText, HeaderRow } from '../../ui/admin/admin-kit.tsx';
import { roundStatusWord } from './status-words.ts';
import styles from './rounds.module.css';

const columns = (t: Translate) => [
  t('rounds.column.roundId'),
  t('rounds.column.title'),
  t('rounds.column.start'),
  t('rounds.column.end'),
  t('rounds.column.location'),
  t('rounds.column.max'),
  t('rounds.column.confirmed'),
  t('rounds.column.waitlisted'),
  t('rounds.column.status'),
];

interface RoundsTableProps {
  rounds: AdminRound[];
  onOpen: (round: AdminRound) => void;
}

export function RoundsTable({ rounds, onOpen }: RoundsTableProps) {
  const t = useT();
  if (rounds.length === 0) return <EmptyText>{t('rounds.table.empty')}</EmptyText>;
  return (
    <AdminTable caption={t('rounds.table.caption')}>
      <HeaderRow columns={columns(t)} />
      <tbody>
        {rounds.map((round) => (
          <tr key={round.roundId} className={styles.row} onClick={() => onOpen(round)}>
            <td>{round.roundId}</td>
            <td>
              <button
                type="button"
                className={styles.rowButton}
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(round);
                }}
              >
                {round.title}
              </button>
            </td>
            <td className={adminStyles.nowrap}>{formatTime(round.startTime)}</td>
            <td className={adminStyles.nowrap}>{formatTime(round.endTime)}</td>
            <td className={adminStyles.wide}>{orDash(round.location)}</td>
            <td>{round.maxParticipants}</td>
            <td>{round.confirmedCount}</td>
            <td>{round.waitlistedCount}</td>
            <td>
              <StatusBadge status={round.status}>{roundStatusWord(round.status)}</StatusBadge>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
