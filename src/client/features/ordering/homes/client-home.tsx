// '/' for a signed-in client (spec section 2 "Client home"): the header (Cart with a count
// opens the cart dialog), 'View Orders' and 'Make a New Order' (the catalogue), and what
// became of the last order placed here.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { OutboxRow } from '../../../offline/types.ts';
import { ORDER_KINDS } from '../../../offline/orders-outbox.ts';
import { useLogout } from '../../../session/use-logout.ts';
import { useSessionUser } from '../../../session/use-session-user.ts';
import { AppHeader } from '../../../ui/app-header.tsx';
import { Button } from '../../../ui/button.tsx';
import { ActionCard, CardGrid, LinkCard } from '../../../ui/dashboard.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { backToCart } from '../cart/back-to-cart.ts';
import { addToCart, type CartOwner } from '../cart/cart-store.ts';
import { ClientCart } from '../cart/client-cart.tsx';
import type { ClientFields } from '../checkout/order-actions.ts';
import { OrderAttention } from '../checkout/order-attention.tsx';
import { PendingOrders } from '../checkout/pending-orders.tsx';
import { PlacedNotice } from '../checkout/placed-notice.tsx';
import { useCart } from '../cart/use-cart.ts';
import { useFields } from '../cart/use-fields.ts';
import type { Placed } from '../checkout/use-place-order.ts';
import { CataloguePanel } from '../catalogue/catalogue-panel.tsx';
import { cartButtonText } from '../cart/cart-count.ts';

function ClientHeader({ cartCount, onCart }: { cartCount: number; onCart: () => void }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSessionUser();
  return (
    <AppHeader greeting={`Hello, ${user?.username ?? ''}!`}>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/profile' })}>
        Profile
      </Button>
      <Button variant="onBrand" onClick={onCart}>
        {cartButtonText(cartCount)}
      </Button>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/feedback' })}>
        Feedback
      </Button>
      <Button variant="onBrand" onClick={logout}>
        Log Out
      </Button>
    </AppHeader>
  );
}

export function ClientHome() {
  const user = useSessionUser();
  const userId = user?.userId ?? 0;
  // Never another account's cart: no user (a moment during logout) reads the guest's.
  const owner: CartOwner = user?.userId == null ? 'guest' : `user-${user.userId}`;
  const lines = useCart(owner);
  const [showCatalogue, setShowCatalogue] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const form = useFields<ClientFields>({
    deliveryAddress: '',
    phoneNumber: user?.phone ?? '',
    notes: '',
  });

  const onPlaced = (result: Placed) => {
    setCartOpen(false);
    setAdded(null);
    setPlaced(result);
  };
  const onBackToCart = (row: OutboxRow) =>
    void backToCart(owner, row).then((texts) => {
      form.setFields((prev) => ({
        deliveryAddress: texts.deliveryAddress ?? prev.deliveryAddress,
        phoneNumber: texts.phoneNumber ?? prev.phoneNumber,
        notes: texts.notes ?? prev.notes,
      }));
      setCartOpen(true);
    });

  return (
    <PageLayout header={<ClientHeader cartCount={lines.length} onCart={() => setCartOpen(true)} />}>
      <h1 className="visually-hidden">Client home</h1>
      <OrderAttention kind={ORDER_KINDS.create} onBackToCart={onBackToCart} />
      <PlacedNotice placed={placed} added={added} />
      <PendingOrders kind={ORDER_KINDS.create} />
      <CardGrid label="Dashboard">
        <LinkCard to="/orderhistory" title="View Orders" text="Your orders and their status." />
        <ActionCard
          title="Make a New Order"
          text="Choose supplies for delivery."
          pressed={showCatalogue}
          onClick={() => setShowCatalogue(true)}
        />
      </CardGrid>
      {showCatalogue && (
        <CataloguePanel
          onAdd={(line) => {
            addToCart(owner, line);
            setPlaced(null);
            setAdded(`${line.name} × ${line.quantity}`);
          }}
        />
      )}
      <ClientCart
        open={cartOpen}
        onOpenChange={setCartOpen}
        owner={owner}
        userId={userId}
        form={form}
        onPlaced={onPlaced}
      />
    </PageLayout>
  );
}
