// What both homes do for ordering: the cart (its lines, its dialog, the delivery fields kept
// while it is closed), the 'Make a New Order' card that opens the catalogue, the note of what
// was just added, and 'Back to cart' for an order the server refused after it was queued.
import { useState } from 'react';
import type { OutboxRow } from '../../../offline/types.ts';
import { ActionCard } from '../../../ui/dashboard.tsx';
import { useFormState, type FormState } from '../../../ui/form-state.ts';
import { backToCart } from '../cart/back-to-cart.ts';
import { addToCart, type CartLine, type CartOwner } from '../cart/cart-store.ts';
import { useCart } from '../cart/use-cart.ts';
import { CataloguePanel } from '../catalogue/catalogue-panel.tsx';

export interface Shopping<F> {
  lines: readonly CartLine[];
  cartOpen: boolean;
  setCartOpen: (open: boolean) => void;
  fields: FormState<F>;
  /** What was last added ("name × quantity"), until an order is placed. */
  added: string | null;
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
  const [showCatalogue, setShowCatalogue] = useState(false);
  return {
    lines,
    cartOpen,
    setCartOpen,
    fields,
    added,
    showCatalogue,
    openCatalogue: () => setShowCatalogue(true),
    add: (line) => {
      addToCart(owner, line);
      setAdded(`${line.name} × ${line.quantity}`);
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

/** The catalogue's part of a home's shopping (it does not depend on the cart's fields). */
type CatalogueShopping = Pick<Shopping<unknown>, 'showCatalogue' | 'openCatalogue' | 'add'>;

/** The 'Make a New Order' card: it opens the catalogue (and shows as pressed once it has). */
export function NewOrderCard({ shopping, text }: { shopping: CatalogueShopping; text: string }) {
  return (
    <ActionCard
      title="Make a New Order"
      text={text}
      pressed={shopping.showCatalogue}
      onClick={shopping.openCatalogue}
    />
  );
}

/** The catalogue, once opened; an added line goes into the cart. */
export function NewOrderCatalogue({
  shopping,
  onAdded,
}: {
  shopping: CatalogueShopping;
  onAdded?: () => void;
}) {
  if (!shopping.showCatalogue) return null;
  return (
    <CataloguePanel
      onAdd={(line) => {
        shopping.add(line);
        onAdded?.();
      }}
    />
  );
}
