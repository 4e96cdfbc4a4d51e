// The round fields of Create Round and Update Round; Update adds the status select
// (SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED).
import { ROUND_LIMITS } from '#shared/contracts/admin-rounds';
import { ROUND_STATUSES, type RoundStatus } from '#shared/contracts/rounds';
import { SelectField, valueOptions } from '../../ui/select-field.tsx';
import { TextAreaField } from '../../ui/text-area-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { RoundForm } from './round-form.ts';
import styles from './rounds.module.css';

interface RoundFormFieldsProps {
  form: RoundForm;
  onChange: (form: RoundForm) => void;
  withStatus?: boolean;
}

function isStatus(value: string): value is RoundStatus {
  return (ROUND_STATUSES as readonly string[]).includes(value);
}

export function RoundFormFields({ form, onChange, withStatus = false }: RoundFormFieldsProps) {
  const set = (name: Exclude<keyof RoundForm, 'status'>) => (value: string) =>
    onChange({ ...form, [name]: value });
  return (
    <>
      <TextField
        label="Title"
        value={form.title}
        onChange={set('title')}
        maxLength={ROUND_LIMITS.title}
      />
      <TextAreaField
        label="Description"
        optional
        value={form.description}
        onChange={set('description')}
        maxLength={ROUND_LIMITS.description}
      />
      <TextField
        label="Location"
        optional
        value={form.location}
        onChange={set('location')}
        maxLength={ROUND_LIMITS.location}
      />
      <div className={styles.pair}>
        <TextField
          label="Start Time"
          type="datetime-local"
          value={form.startTime}
          onChange={set('startTime')}
        />
        <TextField
          label="End Time"
          type="datetime-local"
          value={form.endTime}
          onChange={set('endTime')}
        />
      </div>
      <TextField
        label="Max Participants"
        inputMode="numeric"
        value={form.maxParticipants}
        onChange={set('maxParticipants')}
      />
      <div className={styles.pair}>
        <TextField
          label="Team Lead ID"
          optional
          inputMode="numeric"
          value={form.teamLeadId}
          onChange={set('teamLeadId')}
        />
        <TextField
          label="Clinician ID"
          optional
          inputMode="numeric"
          value={form.clinicianId}
          onChange={set('clinicianId')}
        />
      </div>
      {withStatus && (
        <SelectField
          label="Status"
          value={form.status}
          options={valueOptions(ROUND_STATUSES)}
          onChange={(value) => isStatus(value) && onChange({ ...form, status: value })}
        />
      )}
    </>
  );
}
