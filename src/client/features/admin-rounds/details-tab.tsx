// The round dialog's Details tab: the round's fields and its cancel action
// (PUT /api/admin/rounds/{id}/cancel; 'Error cancelling round').
import type { AdminRound } from '#shared/contracts/admin-rounds';
import { t as translate, useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { cancelRound } from './rounds-api.ts';
import { roundStatusWord } from './status-words.ts';
import styles from './rounds.module.css';

interface DetailsTabProps {
  round: AdminRound;
  onChanged: (message: string) => void;
}

function Field({ label, value }: { label: string; value: string | number | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{orDash(value)}</dd>
    </>
  );
}

/** Cancel Round asks first (issue 20 item 2): a cancelled round cannot be scheduled again. */
export function cancelRoundQuestion(round: AdminRound): ConfirmRequest {
  return {
    title: translate('rounds.details.cancelTitle', { title: round.title }),
    description: translate('rounds.details.cancelDescription'),
    confirmLabel: translate('rounds.details.cancelConfirm'),
    keepLabel: translate('rounds.details.cancelKeep'),
  };
}

export function DetailsTab({ round, onChanged }: DetailsTabProps) {
  const t = useT();
  const { confirm, dialog } = useConfirm();
  const cancel = async () => {
    if (!(await confirm(cancelRoundQuestion(round)))) return;
    try {
      onChanged(await cancelRound(round.roundId));
      announce(t('rounds.details.cancelled', { title: round.title }));
    } catch (error) {
      alertRoundError(ROUND_ERRORS.cancel, error);
    }
  };
  const cancellable = round.status === 'SCHEDULED' || round.status === 'IN_PROGRESS';
  return (
    <>
      <dl className={styles.fields}>
        <Field label={t('rounds.details.roundId')} value={round.roundId} />
        <Field label={t('rounds.details.description')} value={round.description} />
        <Field label={t('rounds.details.location')} value={round.location} />
        <Field label={t('rounds.details.start')} value={formatTime(round.startTime)} />
        <Field label={t('rounds.details.end')} value={formatTime(round.endTime)} />
        <Field label={t('rounds.details.status')} value={roundStatusWord(round.status)} />
        <Field label={t('rounds.details.maxParticipants')} value={round.maxParticipants} />
        <Field label={t('rounds.details.availableSlots')} value={round.availableSlots} />
        <Field label={t('rounds.details.confirmed')} value={round.confirmedCount} />
        <Field label={t('rounds.details.waitlisted')} value={round.waitlistedCount} />
        <Field label={t('rounds.details.teamLeadId')} value={round.teamLeadId} />
        <Field label={t('rounds.details.clinicianId')} value={round.clinicianId} />
      </dl>
      {cancellable && (
        <Button variant="danger" onClick={() => void cancel()}>
          {t('rounds.details.cancel')}
        </Button>
      )}
      {dialog}
    </>
  );
}
