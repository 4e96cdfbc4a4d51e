import { useT } from '../../i18n/i18n.ts';
import { FieldGroup } from '../../ui/field-group.tsx';
import type { ProfileField } from './account-api.ts';
import { PROFILE_FIELD_LABELS, PROFILE_FIELDS } from './profile-update.ts';
import styles from './account.module.css';

/** One radio per updatable field (spec: "choose one field ... to update"). */
export function FieldChoice({
  value,
  onChange,
}: {
  value: ProfileField;
  onChange: (field: ProfileField) => void;
}) {
  const t = useT();
  return (
    <FieldGroup legend={t('account.profile.choose')} wide>
      <div className={styles.choiceList}>
        {PROFILE_FIELDS.map((field) => (
          <label key={field} className={styles.choice}>
            <input
              type="radio"
              name="profile-field"
              value={field}
              checked={value === field}
              onChange={() => onChange(field)}
            />
            {t(PROFILE_FIELD_LABELS[field])}
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
