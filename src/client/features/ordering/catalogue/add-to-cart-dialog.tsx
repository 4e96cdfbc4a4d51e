// What the catalogue's two dialogs (item detail, custom item) share: the dialog with its form
// and error line, Cancel and 'Add to Cart' (which sends the form), and the Quantity field.
import { useId, type ReactNode } from 'react';
import { useT, type Saying } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorMessage } from '../../../ui/form-message.tsx';
import { Modal, ModalClose } from '../../../ui/modal.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from './catalogue.module.css';

interface AddToCartDialogProps {
  title: string;
  description?: string;
  /** Shown between the description and the form. */
  intro?: ReactNode;
  onClose: () => void;
  /** 'Add to Cart', or Enter in a field. */
  onSubmit: () => void;
  error: Saying | null;
  /** Why nothing may be added ('Out of stock', …): 'Add to Cart' is off and says so. */
  blocked?: string | null;
  /** The form's fields. */
  children: ReactNode;
}

export function AddToCartDialog(props: AddToCartDialogProps) {
  const t = useT();
  const formId = useId();
  const blocked = props.blocked ?? null;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={props.title}
      description={props.description}
      actions={
        <>
          <ModalClose asChild>
            <Button variant="secondary">{t('ordering.catalogue.cancel')}</Button>
          </ModalClose>
          <Button
            type="submit"
            form={formId}
            disabled={blocked !== null}
            aria-describedby={blocked === null ? undefined : `${formId}-blocked`}
          >
            {t('ordering.catalogue.addToCart')}
          </Button>
        </>
      }
    >
      {props.intro}
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
        {blocked !== null && (
          <p id={`${formId}-blocked`} className={styles.blocked}>
            {blocked}
          </p>
        )}
        <ErrorMessage text={props.error} />
      </form>
    </Modal>
  );
}

/** A whole number from 1 (the browser's spinner steps by 1), up to `max` when given. */
export function QuantityField({
  value,
  onChange,
  hint,
  max,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  max?: number;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <TextField
      label={t('ordering.catalogue.quantity')}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
      value={value}
      onChange={onChange}
      hint={hint}
      disabled={disabled}
    />
  );
}
