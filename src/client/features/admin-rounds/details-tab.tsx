// The round dialog's Details tab: the round's fields and its cancel action
// (PUT /api/admin/rounds/{id}/cancel; 'Error cancelling round').
import type { AdminRound } from '#shared/contracts/admin-rounds';
import { Button } from '../../ui/button.tsx';
import { formatTime, orDash } from '../../ui/admin/admin-format.ts';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
import { alertRoundError, ROUND_ERRORS } from './round-errors.ts';
import { cancelRound } from './rounds-api.ts';
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
    title: `Cancel the round "${round.title}"?`,
    description: 'Its open orders leave the round and wait for another one. This cannot be undone.',
    confirmLabel: 'Cancel round',
    keepLabel: 'Keep round',
  };
}

export function DetailsTab({ round, onChanged }: DetailsTabProps) {
  const { confirm, dialog } = useConfirm();
  const cancel = async () => {
    if (!(await confirm(cancelRoundQuestion(round)))) return;
    try {
      onChanged(await cancelRound(round.roundId));
      announce(`Round "${round.title}" cancelled`);
    } catch (error) {
      alertRoundError(ROUND_ERRORS.cancel, error);
    }
  };
  const cancellable = round.status === 'SCHEDULED' || round.status === 'IN_PROGRESS';
  return (
    <>
      <dl className={styles.fields}>
        <Field label="Round ID" value={round.roundId} />
        <Field label="Description" value={round.description} />
        <Field label="Location" value={round.location} />
        <Field label="Start" value={formatTime(round.startTime)} />
        <Field label="End" value={formatTime(round.endTime)} />
        <Field label="Status" value={round.status} />
        <Field label="Max Participants" value={round.maxParticipants} />
        <Field label="Available Slots" value={round.availableSlots} />
        <Field label="Confirmed" value={round.confirmedCount} />
        <Field label="Waitlisted" value={round.waitlistedCount} />
        <Field label="Team Lead ID" value={round.teamLeadId} />
        <Field label="Clinician ID" value={round.clinicianId} />
      </dl>
      {cancellable && (
        <Button variant="danger" onClick={() => void cancel()}>
          Cancel Round
        </Button>
      )}
      {dialog}
    </>
  );
}
