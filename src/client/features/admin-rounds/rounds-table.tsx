// View Rounds: every round; clicking a row (or its title, for keyboard users) opens the round
// dialog.
import type { AdminRound } from '#shared/contracts/admin-rounds';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { AdminTable, adminStyles, EmptyText, HeaderRow } from '../../ui/admin/admin-kit.tsx';
import styles from './rounds.module.css';

const COLUMNS = [
  'Round ID',
  'Title',
  'Start',
  'End',
  'Location',
  'Max',
  'Confirmed',
  'Waitlisted',
  'Status',
] as const;

interface RoundsTableProps {
  rounds: AdminRound[];
  onOpen: (round: AdminRound) => void;
}

export function RoundsTable({ rounds, onOpen }: RoundsTableProps) {
  if (rounds.length === 0) return <EmptyText>No rounds yet.</EmptyText>;
  return (
    <AdminTable caption="Rounds">
      <HeaderRow columns={COLUMNS} />
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
              <StatusBadge status={round.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
