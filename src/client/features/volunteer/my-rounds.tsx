// 'My Upcoming Rounds' and the collapsible 'My Past Rounds' (spec section 2).
import type { OutboxRow } from '../../offline/types.ts';
import { roundEntity, VOLUNTEER_KINDS } from '../../offline/actions.ts';
import { CollapsiblePanel, ListOrEmpty, ListPanel } from './panels.tsx';
import { PendingActions } from './pending-note.tsx';
import { RoundCard } from './round-card.tsx';
import type { RoundEntry } from './volunteer-data.ts';

export const NO_UPCOMING_ROUNDS = 'No upcoming rounds yet';
export const NO_PAST_ROUNDS = 'No past rounds available.';

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
  return (
    <ListPanel title="My Upcoming Rounds" list="myRounds" error={props.error}>
      <PendingActions pending={props.pending} kind={VOLUNTEER_KINDS.cancelSignup} />
      <Cards {...props} empty={NO_UPCOMING_ROUNDS} />
    </ListPanel>
  );
}

export function PastRounds(props: RoundsProps) {
  return (
    <CollapsiblePanel title="My Past Rounds">
      <Cards {...props} empty={NO_PAST_ROUNDS} />
    </CollapsiblePanel>
  );
}
