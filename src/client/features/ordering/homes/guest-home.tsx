// The guest page ('/' for username Guest, and '/guest'; spec section 2 "Guest home"):
// 'Welcome, Guest!', Make a New Order (the catalogue), the Cart with a count and the guest's
// cart fields; a placed order shows its 'Current Order' dialog.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ORDER_KINDS } from '../../../offline/orders-outbox.ts';
import type { OutboxRow } from '../../../offline/types.ts';
import { logout } from '../../../session/logout.ts';
import { AppHeader } from '../../../ui/app-header.tsx';
import { Button } from '../../../ui/button.tsx';
import { ActionCard, CardGrid } from '../../../ui/dashboard.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { backToCart } from '../cart/back-to-cart.ts';
import { cartButtonText } from '../cart/cart-count.ts';
import { addToCart } from '../cart/cart-store.ts';
import { EMPTY_GUEST_FIELDS, GuestCart } from '../cart/guest-cart.tsx';
import { guestNotesText, type GuestFields } from '../checkout/order-actions.ts';
import { OrderAttention } from '../checkout/order-attention.tsx';
import { PendingOrders } from '../checkout/pending-orders.tsx';
import { PlacedNotice } from '../checkout/placed-notice.tsx';
import { useCart } from '../cart/use-cart.ts';
import { useFields } from '../cart/use-fields.ts';
import { CataloguePanel } from '../catalogue/catalogue-panel.tsx';
import { CurrentOrderDialog } from './current-order-dialog.tsx';

export const GUEST_WELCOME = 'Welcome, Guest!';

/** The guest's fields back from a refused order's payload. */
function fieldsFrom(texts: Record<string, string>): GuestFields {
  return {
    firstName: texts.firstName ?? '',
    lastName: texts.lastName ?? '',
    email: texts.email ?? '',
    phone: texts.phone ?? '',
    deliveryAddress: texts.deliveryAddress ?? '',
    notes: guestNotesText(texts.notes ?? ''),
  };
}

export function GuestHome() {
  const navigate = useNavigate();
  const lines = useCart('guest');
  const [showCatalogue, setShowCatalogue] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const form = useFields<GuestFields>(EMPTY_GUEST_FIELDS);

  // A sent order shows in the 'Current Order' dialog, a queued one in PendingOrders.
  const onPlaced = () => {
    setCartOpen(false);
    setAdded(null);
  };
  const onBackToCart = (row: OutboxRow) =>
    void backToCart('guest', row).then((texts) => {
      form.setFields(fieldsFrom(texts));
      setCartOpen(true);
    });

  return (
    <PageLayout
      header={
        <AppHeader>
          <Button variant="onBrand" onClick={() => setCartOpen(true)}>
            {cartButtonText(lines.length)}
          </Button>
          <Button variant="onBrand" onClick={() => void logout().then(() => navigate({ to: '/' }))}>
            Go Back
          </Button>
        </AppHeader>
      }
    >
      <h1>{GUEST_WELCOME}</h1>
      <OrderAttention kind={ORDER_KINDS.guestCreate} onBackToCart={onBackToCart} />
      <PlacedNotice placed={null} added={added} />
      <PendingOrders kind={ORDER_KINDS.guestCreate} />
      <CardGrid label="Guest actions">
        <ActionCard
          title="Make a New Order"
          text="No account needed: choose supplies and tell us where to bring them."
          pressed={showCatalogue}
          onClick={() => setShowCatalogue(true)}
        />
      </CardGrid>
      {showCatalogue && (
        <CataloguePanel
          onAdd={(line) => {
            addToCart('guest', line);
            setAdded(`${line.name} × ${line.quantity}`);
          }}
        />
      )}
      <GuestCart open={cartOpen} onOpenChange={setCartOpen} form={form} onPlaced={onPlaced} />
      <CurrentOrderDialog />
    </PageLayout>
  );
}
