// What both homes do for ordering: the cart (its lines, its dialog, the delivery fields kept
// while it is closed), the 'Make a New Order' card that opens the catalogue, the note of what
// was just added, and 'Back to cart' for an order the server refused after it was queued.
import { useState } from 'react';
import { useT } from '../../../i18n/i18n.ts';
import type { OutboxRow } from '../../../offline/types.ts';
import { ActionCard } from '../../../ui/dashboard.tsx';
import { FormFields, type FieldSpec } from '../../../ui/form-fields.tsx';
import { useFormState, type FormState } from '../../../ui/form-state.ts';
import { backToCart } from '../cart/back-to-cart.ts';
import { AddedToast } from '../cart/cart-button.tsx';
import { CartDialog } from '../cart/cart-dialog.tsx';
import { addToCart, type CartLine, type CartOwner } from '../cart/cart-store.ts';
import { useCart } from '../cart/use-cart.ts';
import { CataloguePanel } from '../catalogue/catalogue-panel.tsx';
import { OrderAttention } from '../checkout/order-attention.tsx';
import { PendingOrders } from '../checkout/pending-orders.tsx';
import { addedText, PlacedNotice } from '../checkout/placed-notice.tsx';
import type { Checkout } from '../checkout/use-checkout.ts';
import type { Placed } from '../checkout/use-place-order.ts';

export interface Shopping<F> {
  owner: CartOwner;
  lines: readonly CartLine[];
  cartOpen: boolean;
  setCartOpen: (open: boolean) => void;
  fields: FormState<F>;
  /** What was last added ("name × quantity"), until an order is placed. */
  added: string | null;
  /** Counts the adds, so adding the same line again shows its note again. */
  addedStamp: number;
  showCatalogue: boolean;
  openCatalogue: () => void;
  add: (line: CartLine) => void;
  /** An order went out (or was queued): the cart closes and the note goes. */
  placed: () => void;
  /** The refused order's lines back in the cart, its texts back in the fields, the cart open. */
  backToCart: (row: OutboxRow, refill: (texts: Record<string, string>, now: F) => F) => void;
}

export function useShopping<F>(owner: CartOwner, initialFields: F): Shopping<F> {
  const lines = useCart(owner);
  const [cartOpen, setCartOpen] = useState(false);
  const fields = useFormState<F>(initialFields);
  const [added, setAdded] = useState<string | null>(null);
  const [addedStamp, setAddedStamp] = useState(0);
  const [showCatalogue, setShowCatalogue] = useState(false);
  return {
    owner,
    lines,
    cartOpen,
    setCartOpen,
    fields,
    added,
    addedStamp,
    showCatalogue,
    openCatalogue: () => setShowCatalogue(true),
    add: (line) => {
      addToCart(owner, line);
      setAdded(`${line.name} × ${line.quantity}`);
      setAddedStamp((n) => n + 1);
    },
    placed: () => {
      setCartOpen(false);
      setAdded(null);
    },
    backToCart: (row, refill) =>
      void backToCart(owner, row).then((texts) => {
        fields.setForm((now) => refill(texts, now));
        setCartOpen(true);
      }),
  };
}

/**
 * What became of the home's orders of `kind`: refused ones (with 'Back to cart', which puts
 * their texts back through `refill`), the one just placed or the line just added, and those
 * still waiting to be sent.
 */
export function OrdersSoFar<F>({
  shopping,
  kind,
  refill,
  placed = null,
}: {
  shopping: Shopping<F>;
  kind: string;
  refill: (texts: Record<string, string>, now: F) => F;
  placed?: Placed | null;
}) {
  useT(); // the note of what was added follows a change of language
  return (
    <>
      <OrderAttention kind={kind} onBackToCart={(row) => shopping.backToCart(row, refill)} />
      <PlacedNotice placed={placed} />
      <AddedToast
        text={shopping.added === null ? null : addedText(shopping.added)}
        stamp={shopping.addedStamp}
      />
      <PendingOrders kind={kind} />
    </>
  );
}

/**
 * The catalogue once opened (an added line goes into the cart; `onAdded` hears it), and the
 * cart dialog with the home's delivery fields.
 */
export function CatalogueAndCart<F extends { [K in keyof F]: string }>({
  shopping,
  fields,
  checkout,
  onAdded,
}: {
  shopping: Shopping<F>;
  fields: readonly FieldSpec<keyof F & string>[];
  checkout: Checkout;
  onAdded?: () => void;
}) {
  const { form, change } = shopping.fields;
  const add = (line: CartLine) => {
    shopping.add(line);
    onAdded?.();
  };
  return (
    <>
      {shopping.showCatalogue && <CataloguePanel lines={shopping.lines} onAdd={add} />}
      <CartDialog
        open={shopping.cartOpen}
        onOpenChange={shopping.setCartOpen}
        owner={shopping.owner}
        lines={shopping.lines}
        checkout={checkout}
      >
        <FormFields
          fields={fields}
          values={form}
          onChange={(name, value) => {
            change(name, value);
            checkout.clearField(name);
          }}
          errors={checkout.fieldErrors}
        />
      </CartDialog>
    </>
  );
}

/** The 'Make a New Order' card: it opens the catalogue (and shows as pressed once it has). */
export function NewOrderCard<F>({ shopping, text }: { shopping: Shopping<F>; text: string }) {
  const t = useT();
  return (
    <ActionCard
      title={t('ordering.home.newOrder')}
      text={text}
      pressed={shopping.showCatalogue}
      onClick={shopping.openCatalogue}
    />
  );
}
