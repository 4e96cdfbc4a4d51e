// Per-size quantities: one row per size (label and quantity) with Remove, and 'Add Size'.
import { CARGO_LIMITS } from '#shared/contracts/cargo';
import { useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FieldGroup } from '../../ui/field-group.tsx';
import { newSizeRow, type SizeRow } from './item-form.ts';
import styles from './cargo-admin.module.css';

interface SizeRowsProps {
  rows: SizeRow[];
  onChange: (rows: SizeRow[]) => void;
}

export function SizeRows({ rows, onChange }: SizeRowsProps) {
  const t = useT();
  const change = (key: number, patch: Partial<SizeRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <FieldGroup legend={t('rounds.cargo.sizes.legend')}>
      {rows.length === 0 && <p className={styles.hint}>{t('rounds.cargo.sizes.none')}</p>}
      {rows.map((row, index) => (
        <div key={row.key} className={styles.sizeRow}>
          <label className={styles.sizeField}>
            <span>
              {t('rounds.cargo.sizes.size')}
              <span className="visually-hidden"> {index + 1}</span>
            </span>
            <input
              value={row.label}
              maxLength={CARGO_LIMITS.sizeLabel}
              onChange={(event) => change(row.key, { label: event.target.value })}
            />
          </label>
          <label className={styles.sizeField}>
            <span>
              {t('rounds.cargo.sizes.quantity')}
              <span className="visually-hidden">
                {' '}
                {t('rounds.cargo.sizes.ofSize', { number: index + 1 })}
              </span>
            </span>
            <input
              inputMode="numeric"
              value={row.quantity}
              onChange={(event) => change(row.key, { quantity: event.target.value })}
            />
          </label>
          <Button
            variant="quiet"
            aria-label={t('rounds.cargo.sizes.removeLabel', { number: index + 1 })}
            onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
          >
            {t('rounds.cargo.sizes.remove')}
          </Button>
        </div>
      ))}
      {rows.length < CARGO_LIMITS.sizes && (
        <Button variant="secondary" onClick={() => onChange([...rows, newSizeRow()])}>
          {t('rounds.cargo.sizes.add')}
        </Button>
      )}
    </FieldGroup>
  );
}
