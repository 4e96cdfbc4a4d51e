import { useId } from 'react';
import type { SignupStatus } from '#shared/contracts/rounds';
import type { MessageId } from '#shared/i18n/messages';
import { useT } from '../../i18n/i18n.ts';
import { roundEntity } from '../../offline/actions.ts';
import { useReceipt } from '../../offline/hooks.ts';
import type { OutboxRow } from '../../offline/types.ts';
import { Button } from '../../ui/button.tsx';
import { CardHead, Fields } from '../../ui/card-parts.tsx';
import { Receipt } from '../../ui/receipt.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { RoundBasics } from './fields.tsx';
import { PendingNote } from './pending-note.tsx';
import type { RoundEntry } from './volunteer-data.ts';
import styles from './volunteer.module.css';

const TONE: Record<SignupStatus, string | undefined> = {
  CONFIRMED: styles.confirmed,
  WAITLISTED: styles.waitlisted,
};

const LABEL = {
  CONFIRMED: 'volunteer.signup.confirmed',
  WAITLISTED: 'volunteer.signup.waitlisted',
} as const satisfies Record<SignupStatus, MessageId>;

interface RoundCardProps {
  entry: RoundEntry;
  pending: OutboxRow | undefined;
  onViewDetails: () => void;
}

/** A round of mine: green when CONFIRMED, light yellow when WAITLISTED (spec section 2). */
export function RoundCard({ entry, pending, onViewDetails }: RoundCardProps) {
  const t = useT();
  const { round } = entry;
  const titleId = useId();
  const status = round.signupStatus;
  const tone = status === null ? '' : (TONE[status] ?? '');
  const receipt = useReceipt(roundEntity(round.roundId));
  return (
    <li>
      <article
        className={`${styles.card} ${tone}`}
        aria-labelledby={titleId}
        data-signup-status={status ?? 'PENDING'}
      >
        <CardHead level={3} id={titleId} title={round.title}>
          {status !== null && <StatusBadge status={status}>{t(LABEL[status])}</StatusBadge>}
        </CardHead>
        <Fields>
          <RoundBasics round={round} />
        </Fields>
        <Receipt state={receipt} />
        <PendingNote row={pending} />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onViewDetails}>
            {t('volunteer.round.viewDetails')}
          </Button>
        </div>
      </article>
    </li>
  );
}
