// The round fields of Create Round and Update Round; Update adds the status select
// (SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED).
import { ROUND_LIMITS } from '#shared/contracts/admin-rounds';
import { ROUND_STATUSES, type RoundStatus } from '#shared/contracts/rounds';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import { SelectField, valueOptions } from '../../ui/select-field.tsx';
import type { RoundForm } from './round-form.ts';
import styles from './rounds.module.css';

interface RoundFormFieldsProps {
  form: RoundForm;
  onChange: (form: RoundForm) => void;
  withStatus?: boolean;
}

type RoundFieldSpec = FieldSpec<Exclude<keyof RoundForm, 'status'>>;

const { title, description, location } = ROUND_LIMITS;
const ABOUT_FIELDS: readonly RoundFieldSpec[] = [
  { name: 'title', label: 'Title', maxLength: title },
  { name: 'description', label: 'Description', rows: 3, optional: true, maxLength: description },
  { name: 'location', label: 'Location', optional: true, maxLength: location },
];
const TIME_FIELDS: readonly RoundFieldSpec[] = [
  { name: 'startTime', label: 'Start Time', type: 'datetime-local' },
  { name: 'endTime', label: 'End Time', type: 'datetime-local' },
];
const SIZE_FIELDS: readonly RoundFieldSpec[] = [
  { name: 'maxParticipants', label: 'Max Participants', inputMode: 'numeric' },
];
const STAFF_FIELDS: readonly RoundFieldSpec[] = [
  { name: 'teamLeadId', label: 'Team Lead ID', optional: true, inputMode: 'numeric' },
  { name: 'clinicianId', label: 'Clinician ID', optional: true, inputMode: 'numeric' },
];

function isStatus(value: string): value is RoundStatus {
  return (ROUND_STATUSES as readonly string[]).includes(value);
}

export function RoundFormFields({ form, onChange, withStatus = false }: RoundFormFieldsProps) {
  const set = (name: RoundFieldSpec['name'], value: string) => onChange({ ...form, [name]: value });
  return (
    <>
      <FormFields fields={ABOUT_FIELDS} values={form} onChange={set} />
      <div className={styles.pair}>
        <FormFields fields={TIME_FIELDS} values={form} onChange={set} />
      </div>
      <FormFields fields={SIZE_FIELDS} values={form} onChange={set} />
      <div className={styles.pair}>
        <FormFields fields={STAFF_FIELDS} values={form} onChange={set} />
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
