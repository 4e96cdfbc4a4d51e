// The audit log's filters: who, which action, and a range of the admin's local days. They
// apply when sent ("Apply filters"), so typing a name does not reload the list per letter.
import { useState } from 'react';
import { AUDIT_ACTIONS } from '#shared/contracts/audit';
import { Button } from '../../ui/button.tsx';
import { SelectField, type SelectOption } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { AdminForm } from '../../ui/admin/admin-kit.tsx';
import { NO_FILTERS, type AuditFilters } from './audit-api.ts';
import { ACTION_LABELS } from './audit-labels.ts';
import styles from './admin-audit.module.css';

const ACTION_OPTIONS: SelectOption[] = [
  { value: '', label: 'All actions' },
  { value: 'personal_data.read', label: ACTION_LABELS['personal_data.read'] },
  ...['user', 'application', 'cargo', 'order', 'round', 'signup'].map((group) => ({
    value: `${group}.*`,
    label: `Any ${group === 'cargo' ? 'cargo' : group} action`,
  })),
  ...AUDIT_ACTIONS.filter((a) => a !== 'personal_data.read').map((a) => ({
    value: a,
    label: ACTION_LABELS[a],
  })),
];

interface AuditFiltersFormProps {
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

export function AuditFiltersForm({ applied, onApply }: AuditFiltersFormProps) {
  const [draft, setDraft] = useState(applied);
  const set = (field: keyof AuditFilters) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));
  return (
    <AdminForm label="Filter the audit log" onSubmit={async () => onApply(draft)}>
      <div className={styles.filters}>
        <TextField
          label="Who"
          value={draft.actor}
          onChange={set('actor')}
          hint="A username or user id"
          autoComplete="off"
        />
        <SelectField
          label="Action"
          value={draft.action}
          options={ACTION_OPTIONS}
          onChange={set('action')}
        />
        <TextField label="From" type="date" value={draft.fromDay} onChange={set('fromDay')} />
        <TextField label="To" type="date" value={draft.toDay} onChange={set('toDay')} />
      </div>
      <div className={styles.filterButtons}>
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear filters
        </Button>
      </div>
    </AdminForm>
  );
}
