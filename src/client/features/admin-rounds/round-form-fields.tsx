// The round fields of Create Round and Update Round; Update adds the status select
// (SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED).
import { ROUND_LIMITS } from '#shared/contracts/admin-rounds';
import { ROUND_STATUSES, type RoundStatus } from '#shared/contracts/rounds';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { FormFields, type FieldSpec } from '../../ui/form-fields.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import type { RoundForm } from './round-form.ts';
import { roundStatusWord } from './status-words.ts';
import styles from './rounds.module.css';

interface RoundFormFieldsProps {
  form: RoundForm;
  onChange: (form: RoundForm) => void;
  withStatus?: boolean;
}

type RoundFieldSpec = FieldSpec<Exclude<keyof RoundForm, 'status'>>;

// Labels in the current language, so the lists are made at render.
const { title, description, location } = ROUND_LIMITS;
const aboutFields = (t: Translate): readonly RoundFieldSpec[] => [
  { name: 'title', label: t('rounds.field.title'), maxLength: title },
  {
    name: 'description',
    label: t('rounds.field.description'),
    rows: 3,
    optional: true,
    maxLength: description,
  },
  { name: 'location', label: t('rounds.field.location'), optional: true, maxLength: location },
];
const timeFields = (t: Translate): readonly RoundFieldSpec[] => [
  { name: 'startTime', label: t('rounds.field.startTime'), type: 'datetime-local' },
  { name: 'endTime', label: t('rounds.field.endTime'), type: 'datetime-local' },
];
const sizeFields = (t: Translate): readonly RoundFieldSpec[] => [
  { name: 'maxParticipants', label: t('rounds.field.maxParticipants'), inputMode: 'numeric' },
];
const staffFields = (t: Translate): readonly RoundFieldSpec[] => [
  { name: 'teamLeadId', label: t('rounds.field.teamLeadId'), optional: true, inputMode: 'numeric' },
  {
    name: 'clinicianId',
    label: t('rounds.field.clinicianId'),
    optional: true,
    inputMode: 'numeric',
  },
];

function isStatus(value: string): value is RoundStatus {
  return (ROUND_STATUSES as readonly string[]).includes(value);
}

export function RoundFormFields({ form, onChange, withStatus = false }: RoundFormFieldsProps) {
  const t = useT();
  const set = (name: RoundFieldSpec['name'], value: string) => onChange({ ...form, [name]: value });
  return (
    <>
      <FormFields fields={aboutFields(t)} values={form} onChange={set} />
      <div className={styles.pair}>
        <FormFields fields={timeFields(t)} values={form} onChange={set} />
      </div>
      <FormFields fields={sizeFields(t)} values={form} onChange={set} />
      <div className={styles.pair}>
        <FormFields fields={staffFields(t)} values={form} onChange={set} />
      </div>
      {withStatus && (
        <SelectField
          label={t('rounds.field.status')}
          value={form.status}
          options={ROUND_STATUSES.map((value) => ({ value, label: roundStatusWord(value) }))}
          onChange={(value) => isStatus(value) && onChange({ ...form, status: value })}
        />
      )}
    </>
  );
}
