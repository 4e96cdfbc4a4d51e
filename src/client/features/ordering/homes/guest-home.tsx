// The guest page ('/' for username Guest, and '/guest'; spec section 2 "Guest home"):
// 'Welcome, Guest!', Make a New Order (the catalogue), the Cart with a count and the guest's
// cart fields; a placed order shows its 'Current Order' dialog.
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useT } from '../../../i18n/i18n.ts';
import { ORDER_KINDS } from '../../../offline/actions.ts';
import { logout } from '../../../session/logout.ts';
import { useSessionUser } from '../../../session/use-session-user.ts';
import { AppHeader } from '../../../ui/app-header.tsx';
import { Button } from '../../../ui/button.tsx';
import { CardGrid } from '../../../ui/dashboard.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { CartButton } from '../cart/cart-button.tsx';
import { EMPTY_GUEST_FIELDS, guestCartFields } from '../cart/cart-fields.ts';
import { guestNotesText, type GuestFields } from '../checkout/order-actions.ts';
import { useGuestCheckout } from '../checkout/use-checkout.ts';
import { CurrentOrderDialog } from './current-order-dialog.tsx';
import { CatalogueAndCart, NewOrderCard, OrdersSoFar, useShopping } from './shopping.tsx';

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

/**
 * /guest for someone signed in to an account goes to their own home ('/' shows each role its
 * home, spec section 2 "Routes"): the guest page greeted them as a guest, and its Go Back
 * would have logged them out (issue 20 item 9).
 */
export function GuestHome() {
  const user = useSessionUser();
  if (user !== null && user.role !== 'GUEST') return <Navigate to="/" replace />;
  return <GuestShopping />;
}

function GuestShopping() {
  const t = useT();
  const navigate = useNavigate();
  const shopping = useShopping<GuestFields>('guest', EMPTY_GUEST_FIELDS);
  const { setCartOpen } = shopping;
  // A sent order shows in the 'Current Order' dialog, a queued one in PendingOrders.
  const checkout = useGuestCheckout(shopping.lines, shopping.fields, shopping.placed);
  return (
    <PageLayout
      header={
        <AppHeader>
          <CartButton count={shopping.lines.length} onOpen={() => setCartOpen(true)} />
          <Button variant="onBrand" onClick={() => void logout().then(() => navigate({ to: '/' }))}>
            {t('ordering.guest.goBack')}
          </Button>
        </AppHeader>
      }
    >
      <h1>{t('ordering.guest.welcome')}</h1>
      <OrdersSoFar shopping={shopping} kind={ORDER_KINDS.guestCreate} refill={fieldsFrom} />
      <CardGrid label={t('ordering.guest.actions')}>
        <NewOrderCard shopping={shopping} text={t('ordering.guest.newOrderText')} />
      </CardGrid>
      <CatalogueAndCart shopping={shopping} fields={guestCartFields()} checkout={checkout} />
      <CurrentOrderDialog />
    </PageLayout>
  );
}
