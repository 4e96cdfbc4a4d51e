// The cart dialog (spec section 2): the lines, the Overview, the delivery fields (the
// client's or the guest's, given as children) and 'Place Order'.
import { useEffect, useId, useRef, type SyntheticEvent, type ReactNode } from 'react';
import { say, useT } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorMessage } from '../../../ui/form-message.tsx';
import { Modal, ModalClose } from '../../../ui/modal.tsx';
import type { Checkout } from '../checkout/use-checkout.ts';
import type { CartLine, CartOwner } from './cart-store.ts';
import { refusalStale } from '../checkout/refusal-stale.ts';
import { CartLines } from './cart-lines.tsx';
import styles from './cart.module.css';

interface CartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  owner: CartOwner;
  lines: readonly CartLine[];
  /** The delivery fields. */
  children: ReactNode;
  /** The limits known here, 'Place Order', and the refusal, shown until the dialog closes. */
  checkout: Checkout;
}

export function CartDialog(props: CartDialogProps) {
  const t = useT();
  const formId = useId();
  const { limit, order, place } = props.checkout;
  const { error, busy, clearError } = order;
  // The refusal is under the long form: brought into view, or a phone user would not see it.
  const errorBox = useRef<HTMLDivElement>(null);
  // The lines as they were when the refusal came: it goes once the lines it named change.
  const linesAtError = useRef<readonly CartLine[]>(props.lines);
  useEffect(() => {
    if (error === null) return;
    linesAtError.current = props.lines;
    // A blank field already has focus (and is in view): the sentence under the form waits.
    if (document.activeElement?.getAttribute('aria-invalid') !== 'true')
      errorBox.current?.scrollIntoView({ block: 'nearest' });
    // Only a new refusal takes the lines of its moment; a change of lines is judged below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  useEffect(() => {
    if (error !== null && refusalStale(say(error), linesAtError.current, props.lines)) clearError();
  }, [error, props.lines, clearError]);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!busy) place();
  };
  return (
    <Modal
      open={props.open}
      onOpenChange={(next) => {
        if (!next) clearError();
        props.onOpenChange(next);
      }}
      title={t('ordering.cart.title')}
      actions={
        <>
          <ModalClose asChild>
            <Button variant="secondary">{t('ordering.cart.close')}</Button>
          </ModalClose>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? t('ordering.cart.placing') : t('ordering.cart.placeOrder')}
          </Button>
        </>
      }
    >
      <CartLines owner={props.owner} lines={props.lines} />
      {limit !== null && (error === null || say(limit) !== say(error)) && (
        <p className={styles.limit} role="status">
          {say(limit)}
        </p>
      )}
      <form id={formId} onSubmit={submit} noValidate className={styles.fields}>
        <h3>{t('ordering.cart.deliveryDetails')}</h3>
        {props.children}
      </form>
      <div ref={errorBox}>
        <ErrorMessage text={error} />
      </div>
    </Modal>
  );
}
