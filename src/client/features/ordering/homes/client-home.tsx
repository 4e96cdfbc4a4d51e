// '/' for a signed-in client (spec section 2 "Client home"): the header (Cart with a count
// opens the cart dialog), 'View Orders' and 'Make a New Order' (the catalogue), and what
// became of the last order placed here.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useT } from '../../../i18n/i18n.ts';
import { ORDER_KINDS } from '../../../offline/actions.ts';
import { useLogout } from '../../../session/use-logout.ts';
import { useSessionUser } from '../../../session/use-session-user.ts';
import { AppHeader } from '../../../ui/app-header.tsx';
import { Button } from '../../../ui/button.tsx';
import { CardGrid, LinkCard } from '../../../ui/dashboard.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { CartButton } from '../cart/cart-button.tsx';
import type { CartOwner } from '../cart/cart-store.ts';
import { clientCartFields } from '../cart/cart-fields.ts';
import type { ClientFields } from '../checkout/order-actions.ts';
import { useClientCheckout } from '../checkout/use-checkout.ts';
import type { Placed } from '../checkout/use-place-order.ts';
import { CatalogueAndCart, NewOrderCard, OrdersSoFar, useShopping } from './shopping.tsx';

/** The delivery texts of a refused order, over what the fields hold now. */
function refill(texts: Record<string, string>, now: ClientFields): ClientFields {
  return {
    deliveryAddress: texts.deliveryAddress ?? now.deliveryAddress,
    phoneNumber: texts.phoneNumber ?? now.phoneNumber,
    notes: texts.notes ?? now.notes,
  };
}

function ClientHeader({ cartCount, onCart }: { cartCount: number; onCart: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSessionUser();
  return (
    <AppHeader greeting={t('ordering.client.greeting', { name: user?.username ?? '' })}>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/profile' })}>
        {t('ordering.client.profile')}
      </Button>
      <CartButton count={cartCount} onOpen={onCart} />
      <Button variant="onBrand" onClick={() => void navigate({ to: '/feedback' })}>
        {t('ordering.client.feedback')}
      </Button>
      <Button variant="onBrand" onClick={logout}>
        {t('ordering.client.logOut')}
      </Button>
    </AppHeader>
  );
}

export function ClientHome() {
  const t = useT();
  const user = useSessionUser();
  const userId = user?.userId ?? 0;
  // Never another account's cart: no user (a moment during logout) reads the guest's.
  const owner: CartOwner = user?.userId == null ? 'guest' : `user-${user.userId}`;
  const shopping = useShopping<ClientFields>(owner, {
    deliveryAddress: '',
    phoneNumber: user?.phone ?? '',
    notes: '',
  });
  const [placed, setPlaced] = useState<Placed | null>(null);
  const { lines, setCartOpen } = shopping;

  const checkout = useClientCheckout(owner, userId, lines, shopping.fields, (result) => {
    shopping.placed();
    setPlaced(result);
  });

  return (
    <PageLayout header={<ClientHeader cartCount={lines.length} onCart={() => setCartOpen(true)} />}>
      <h1 className="visually-hidden">{t('ordering.client.heading')}</h1>
      <OrdersSoFar shopping={shopping} kind={ORDER_KINDS.create} refill={refill} placed={placed} />
      <CardGrid label={t('ordering.client.dashboard')}>
        <LinkCard
          to="/orderhistory"
          title={t('ordering.client.viewOrders')}
          text={t('ordering.client.viewOrdersText')}
        />
        <NewOrderCard shopping={shopping} text={t('ordering.client.newOrderText')} />
      </CardGrid>
      <CatalogueAndCart
        shopping={shopping}
        fields={clientCartFields()}
        checkout={checkout}
        onAdded={() => setPlaced(null)}
      />
    </PageLayout>
  );
}
