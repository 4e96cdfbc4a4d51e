// 'Rounds on the date' (spec section 2): each round of the picked day with its slots and my
// sign-up; Sign Up when it is open for sign-up, else a note that no slots are available.
import { useId, useState } from 'react';
import { roundsOnDay } from '#shared/rules/round-dates';
import type { OutboxRow } from '../../offline/types.ts';
import { Button } from '../../ui/button.tsx';
import { CardHead, Field, Fields } from '../../ui/card-parts.tsx';
import card from '../../ui/card.module.css';
import { Modal, ModalClose } from '../../ui/modal.tsx';
import { RoundBasics, yesNo } from './fields.tsx';
import { formatDay } from './format.ts';
import { PendingNote } from './pending-note.tsx';
import { roundEntity } from '../../offline/actions.ts';
import type { RoundEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

export const DAY_MODAL_TITLE = 'Rounds on the date';
export const NO_ROUNDS_ON_DAY = 'No rounds scheduled for this date.';
export const ALREADY_SIGNED_UP = 'You are already signed up';
/** Right after Sign Up in this dialog ("already" read as a refusal there: issue 20 item 9). */
export const SIGNED_UP_NOW = 'You are signed up for this round.';
export const NO_SLOTS = 'No slots available';

interface DayRoundsModalProps {
  day: Date | null;
  entries: RoundEntry[] | undefined;
  pending: Map<string, OutboxRow>;
  onSignUp: (entry: RoundEntry) => void;
  onClose: () => void;
}

function DayRound({
  entry,
  pending,
  onSignUp,
}: {
  entry: RoundEntry;
  pending: OutboxRow | undefined;
  onSignUp: () => void;
}) {
  const { round } = entry;
  const titleId = useId();
  // Signed up from this card while it is open: the spec's "already" is for a later visit.
  const [justSignedUp, setJustSignedUp] = useState(false);
  let action = <p className={styles.note}>{NO_SLOTS}</p>;
  if (round.userSignedUp)
    action = <p className={styles.note}>{justSignedUp ? SIGNED_UP_NOW : ALREADY_SIGNED_UP}</p>;
  else if (round.openForSignup)
    action = (
      <Button
        onClick={() => {
          setJustSignedUp(true);
          onSignUp();
        }}
      >
        Sign Up
      </Button>
    );
  return (
    <li>
      <article className={styles.card} aria-labelledby={titleId}>
        <CardHead level={3} id={titleId} title={round.title} />
        <Fields>
          <RoundBasics round={round} />
          <Field label="Available Slots">{round.availableSlots}</Field>
          <Field label="Already Signed Up?">{yesNo(round.userSignedUp)}</Field>
        </Fields>
        <PendingNote row={pending} />
        {action}
      </article>
    </li>
  );
}

export function DayRoundsModal({ day, entries, pending, onSignUp, onClose }: DayRoundsModalProps) {
  const onDay =
    day === null
      ? []
      : roundsOnDay(
          (entries ?? []).map((e) => ({ ...e, startTime: e.round.startTime })),
          day,
        );
  return (
    <Modal
      open={day !== null}
      onOpenChange={(open) => !open && onClose()}
      title={DAY_MODAL_TITLE}
      description={day === null ? undefined : formatDay(day)}
      actions={
        <ModalClose asChild>
          <Button variant="secondary">Close</Button>
        </ModalClose>
      }
    >
      {onDay.length === 0 ? (
        <p className={styles.empty}>{NO_ROUNDS_ON_DAY}</p>
      ) : (
        <ul className={card.list}>
          {onDay.map((entry) => (
            <DayRound
              key={entry.row.key}
              entry={entry}
              pending={pending.get(roundEntity(entry.round.roundId))}
              onSignUp={() => onSignUp(entry)}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}
