// 'My Upcoming Rounds' and the collapsible 'My Past Rounds' (spec section 2).
import { useT } from '../../i18n/i18n.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { roundEntity, VOLUNTEER_KINDS } from '../../offline/actions.ts';
import { CollapsiblePanel, ListOrEmpty, ListPanel } from './panels.tsx';
import { PendingActions } from './pending-note.tsx';
import { RoundCard } from './round-card.tsx';
import type { RoundEntry } from './volunteer-data.ts';

interface RoundsProps {
  entries: RoundEntry[] | undefined;
  pending: Map<string, OutboxRow>;
  onViewDetails: (entry: RoundEntry) => void;
}

function Cards({ entries, pending, onViewDetails, empty }: RoundsProps & { empty: string }) {
  return (
    <ListOrEmpty items={entries} empty={empty}>
      {(entry) => (
        <RoundCard
          key={entry.row.key}
          entry={entry}
          pending={pending.get(roundEntity(entry.round.roundId))}
          onViewDetails={() => onViewDetails(entry)}
        />
      )}
    </ListOrEmpty>
  );
}

export function UpcomingRounds(props: RoundsProps & { error: string | null }) {
  const t = useT();
  return (
    <ListPanel title={t('volunteer.rounds.upcomingTitle')} list="myRounds" error={props.error}>
      <PendingActions pending={props.pending} kind={VOLUNTEER_KINDS.cancelSignup} />
      <Cards {...props} empty={t('volunteer.rounds.noUpcoming')} />
    </ListPanel>
  );
}

export function PastRounds(props: RoundsProps) {
  const t = useT();
  return (
    <CollapsiblePanel title={t('volunteer.rounds.pastTitle')}>
      <Cards {...props} empty={t('volunteer.rounds.noPast')} />
    </CollapsiblePanel>
  );
}
