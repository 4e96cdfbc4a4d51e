// The inventory table's "Max per order" cell: the item's maxPerOrder, editable in place
// (beyond-spec.md section 1: admin-editable in the inventory table). Save sends only that field
// (PUT /api/cargo/items/{id} {maxPerOrder}); the form's own check and the server's refusal
// show under it, the server's success message on the page.
import { useState } from 'react';
import type { CargoItem } from '#shared/contracts/cargo';
import { validateMaxPerOrder } from '#shared/rules/order-limits';
import { Button } from '../../ui/button.tsx';
import fieldStyles from '../../ui/field.module.css';
import { useT, type Saying } from '../../i18n/i18n.ts';
import { ErrorMessage } from '../../ui/form-message.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { errorText } from '../../ui/admin/admin-errors.ts';
import { updateItem } from './cargo-api.ts';
import styles from './cargo-admin.module.css';

interface MaxPerOrderCellProps {
  item: CargoItem;
  onSaved: (message: string) => void;
}

export function MaxPerOrderCell({ item, onSaved }: MaxPerOrderCellProps) {
  const t = useT();
  const [text, setText] = useState(String(item.maxPerOrder));
  const [error, setError] = useState<Saying | null>(null);
  const { busy, whileBusy } = useBusy();
  const save = () => {
    const problem = validateMaxPerOrder(text);
    setError(problem);
    if (problem !== null) return;
    void whileBusy(async () => {
      try {
        onSaved((await updateItem(item.id, { maxPerOrder: Number(text.trim()) })).message);
      } catch (failure) {
        setError(errorText(failure, t('rounds.cargo.updateFailed')));
      }
    });
  };
  return (
    <form
      className={styles.maxForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <span className={styles.maxRow}>
        <input
          className={`${fieldStyles.input} ${styles.maxInput}`}
          aria-label={t('rounds.cargo.maxFor', { name: item.name })}
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={busy || text.trim() === String(item.maxPerOrder)}
          aria-label={t('rounds.cargo.saveMaxFor', { name: item.name })}
        >
          {t('rounds.cargo.save')}
        </Button>
      </span>
      <ErrorMessage text={error} />
    </form>
  );
}
