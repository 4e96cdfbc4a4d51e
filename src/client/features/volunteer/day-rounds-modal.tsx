// 'Rounds on the date' (spec section 2): each round of the picked day with its slots and my
// sign-up; Sign Up when it is open for sign-up, else a note that no slots are available.
import { useId, useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
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
  const t = useT();
  const { round } = entry;
  const titleId = useId();
  // Signed up from this card while it is open: the spec's "already" is for a later visit.
  const [justSignedUp, setJustSignedUp] = useState(false);
  let action = <p className={styles.note}>{t('volunteer.day.noSlots')}</p>;
  if (round.userSignedUp)
    action = (
      <p className={styles.note}>
        {/* Right after Sign Up here, "already" would read as a refusal (issue 20 item 9). */}
        {justSignedUp ? t('volunteer.day.signedUpNow') : t('volunteer.day.alreadySignedUp')}
      </p>
    );
  else if (round.openForSignup)
    action = (
      <Button
        onClick={() => {
          setJustSignedUp(true);
          onSignUp();
        }}
      >
        {t('volunteer.day.signUp')}
      </Button>
    );
  return (
    <li>
      <article className={styles.card} aria-labelledby={titleId}>
        <CardHead level={3} id={titleId} title={round.title} />
        <Fields>
          <RoundBasics round={round} />
          <Field label={t('volunteer.round.availableSlots')}>{round.availableSlots}</Field>
          <Field label={t('volunteer.day.alreadySignedUpField')}>{yesNo(round.userSignedUp)}</Field>
        </Fields>
        <PendingNote row={pending} />
        {action}
      </article>
    </li>
  );
}

export function DayRoundsModal({ day, entries, pending, onSignUp, onClose }: DayRoundsModalProps) {
  const t = useT();
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
      title={t('volunteer.day.title')}
      description={day === null ? undefined : formatDay(day)}
      actions={
        <ModalClose asChild>
          <Button variant="secondary">{t('volunteer.dialog.close')}</Button>
        </ModalClose>
      }
    >
      {onDay.length === 0 ? (
        <p className={styles.empty}>{t('volunteer.day.noRounds')}</p>
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
