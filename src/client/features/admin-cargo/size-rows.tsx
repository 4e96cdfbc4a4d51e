// Per-size quantities: one row per size (label and quantity) with Remove, and 'Add Size'.
import { CARGO_LIMITS } from '#shared/contracts/cargo';
import { Button } from '../../ui/button.tsx';
import { FieldGroup } from '../../ui/field-group.tsx';
import { newSizeRow, type SizeRow } from './item-form.ts';
import styles from './cargo-admin.module.css';

interface SizeRowsProps {
  rows: SizeRow[];
  onChange: (rows: SizeRow[]) => void;
}

export function SizeRows({ rows, onChange }: SizeRowsProps) {
  const change = (key: number, patch: Partial<SizeRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <FieldGroup legend="Sizes">
      {rows.length === 0 && (
        <p className={styles.hint}>No sizes: the item has one total quantity.</p>
      )}
      {rows.map((row, index) => (
        <div key={row.key} className={styles.sizeRow}>
          <label className={styles.sizeField}>
            <span>
              Size<span className="visually-hidden"> {index + 1}</span>
            </span>
            <input
              value={row.label}
              maxLength={CARGO_LIMITS.sizeLabel}
              onChange={(event) => change(row.key, { label: event.target.value })}
            />
          </label>
          <label className={styles.sizeField}>
            <span>
              Quantity<span className="visually-hidden"> of size {index + 1}</span>
            </span>
            <input
              inputMode="numeric"
              value={row.quantity}
              onChange={(event) => change(row.key, { quantity: event.target.value })}
            />
          </label>
          <Button
            variant="quiet"
            aria-label={`Remove size ${index + 1}`}
            onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
          >
            Remove
          </Button>
        </div>
      ))}
      {rows.length < CARGO_LIMITS.sizes && (
        <Button variant="secondary" onClick={() => onChange([...rows, newSizeRow()])}>
          Add Size
        </Button>
      )}
    </FieldGroup>
  );
}
