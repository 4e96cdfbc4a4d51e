// '/' for a signed-in client (spec section 2 "Client home"). The catalogue, the dialogs and
// the cart are built in their own features and mount where the comments say.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLogout } from '../../session/use-logout.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';
import { ActionCard, CardGrid, LinkCard } from '../../ui/dashboard.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';

function ClientHeader({ onCart }: { onCart: () => void }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const user = useSessionUser();
  return (
    <AppHeader greeting={`Hello, ${user?.username ?? ''}!`}>
      <Button variant="onBrand" onClick={() => void navigate({ to: '/profile' })}>
        Profile
      </Button>
      <Button variant="onBrand" onClick={onCart}>
        Cart
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
  const [showCatalogue, setShowCatalogue] = useState(false);
  return (
    <PageLayout
      header={
        <ClientHeader
          onCart={() => {
            // The cart dialog (cart feature) opens here.
          }}
        />
      }
    >
      <h1 className="visually-hidden">Client home</h1>
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
        <section aria-labelledby="available-items">
          <h2 id="available-items">Available Items</h2>
          {/* The catalogue (catalogue feature) renders here. */}
        </section>
      )}
    </PageLayout>
  );
}
