// The audit log's filters: who, which action, and a range of the admin's local days. They
// apply when sent ("Apply filters"), so typing a name does not reload the list per letter.
import { useState } from 'react';
import { AUDIT_ACTIONS } from '#shared/contracts/audit';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField, type SelectOption } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { AdminForm } from '../../ui/admin/admin-kit.tsx';
import { NO_FILTERS, type AuditFilters } from './audit-api.ts';
import { ACTION_LABELS } from './audit-labels.ts';
import styles from './admin-audit.module.css';

const actionOptions = (t: Translate): SelectOption[] => [
  { value: '', label: t('admin.audit.filter.allActions') },
  { value: 'personal_data.read', label: t(ACTION_LABELS['personal_data.read']) },
  ...['user', 'application', 'cargo', 'order', 'round', 'signup'].map((group) => ({
    value: `${group}.*`,
    label: t('admin.audit.filter.anyAction', { group }),
  })),
  ...AUDIT_ACTIONS.filter((a) => a !== 'personal_data.read').map((a) => ({
    value: a,
    label: t(ACTION_LABELS[a]),
  })),
];

interface AuditFiltersFormProps {
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

export function AuditFiltersForm({ applied, onApply }: AuditFiltersFormProps) {
  const t = useT();
  const [draft, setDraft] = useState(applied);
  const set = (field: keyof AuditFilters) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));
  return (
    <AdminForm label={t('admin.audit.filter.formLabel')} onSubmit={async () => onApply(draft)}>
      <div className={styles.filters}>
        <TextField
          label={t('admin.audit.filter.who')}
          value={draft.actor}
          onChange={set('actor')}
          hint={t('admin.audit.filter.whoHint')}
          autoComplete="off"
        />
        <SelectField
          label={t('admin.audit.filter.action')}
          value={draft.action}
          options={actionOptions(t)}
          onChange={set('action')}
        />
        <TextField
          label={t('admin.audit.filter.from')}
          type="date"
          value={draft.fromDay}
          onChange={set('fromDay')}
        />
        <TextField
          label={t('admin.audit.filter.to')}
          type="date"
          value={draft.toDay}
          onChange={set('toDay')}
        />
      </div>
      <div className={styles.filterButtons}>
        <Button type="submit">{t('admin.audit.filter.apply')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {t('admin.audit.filter.clear')}
        </Button>
      </div>
    </AdminForm>
  );
}
