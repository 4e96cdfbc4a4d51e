// Per-size quantities: one row per size (label and quantity) with Remove, and 'Add Size'.
// Removing a size that holds something asks first (its stock goes when the item is saved); a
// blank row goes at once. Either way focus moves to the next Remove (else the previous one,
// else 'Add Size'), since the pressed button leaves with its row.
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { CARGO_LIMITS } from '#shared/contracts/cargo';
import { t as translate, useT } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { FieldGroup } from '../../ui/field-group.tsx';
import { newSizeRow, type SizeRow } from './item-form.ts';
import styles from './cargo-admin.module.css';

interface SizeRowsProps {
  rows: SizeRow[];
  onChange: (rows: SizeRow[]) => void;
}

/** A row with nothing in it: no label, and no quantity above 0. */
export function isBlankSize(row: SizeRow): boolean {
  const quantity = row.quantity.trim();
  return row.label.trim() === '' && (quantity === '' || Number(quantity) === 0);
}

/** The question before removing row `index` (0-based), named by its label or its number. */
export function removeSizeQuestion(row: SizeRow, index: number): ConfirmRequest {
  const label = row.label.trim();
  return {
    title:
      label === ''
        ? translate('rounds.cargo.sizes.removeTitleNumber', { number: index + 1 })
        : translate('rounds.cargo.sizes.removeTitle', { label }),
    description: translate('rounds.cargo.sizes.removeDescription', {
      quantity: row.quantity.trim() === '' ? '0' : row.quantity.trim(),
    }),
    confirmLabel: translate('rounds.cargo.sizes.removeConfirm'),
    keepLabel: translate('rounds.cargo.sizes.removeKeep'),
  };
}

/** After row `index` went: the Remove now in its place, else the one before, else Add Size. */
function focusAfterRemoving(group: HTMLElement | null, index: number): HTMLElement | null {
  if (group === null) return null;
  const removes = group.querySelectorAll<HTMLElement>('[data-remove-size]');
  return removes[index] ?? removes[index - 1] ?? group.querySelector('[data-add-size]');
}

export function SizeRows({ rows, onChange }: SizeRowsProps) {
  const t = useT();
  const group = useRef<HTMLDivElement>(null);
  const { confirm, dialog } = useConfirm();
  const change = (key: number, patch: Partial<SizeRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const without = (row: SizeRow) => rows.filter((other) => other.key !== row.key);
  const remove = async (row: SizeRow, index: number) => {
    if (isBlankSize(row)) {
      flushSync(() => onChange(without(row)));
      focusAfterRemoving(group.current, index)?.focus();
      return;
    }
    const question = {
      ...removeSizeQuestion(row, index),
      focusAfter: () => focusAfterRemoving(group.current, index),
    };
    // Committed at once, so the row is gone before the dialog hands focus on (focusAfter).
    if (await confirm(question)) flushSync(() => onChange(without(row)));
  };
  return (
    <div ref={group}>
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
              data-remove-size=""
              aria-label={t('rounds.cargo.sizes.removeLabel', { number: index + 1 })}
              onClick={() => void remove(row, index)}
            >
              {t('rounds.cargo.sizes.remove')}
            </Button>
          </div>
        ))}
        {rows.length < CARGO_LIMITS.sizes && (
          <Button
            variant="secondary"
            data-add-size=""
            onClick={() => onChange([...rows, newSizeRow()])}
          >
            {t('rounds.cargo.sizes.add')}
          </Button>
        )}
      </FieldGroup>
      {dialog}
    </div>
  );
}
