// The guest page ('/' for username Guest, and '/guest'; spec section 2 "Guest home"). The
// catalogue, dialogs and guest cart are built in their own features and mount here.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { logout } from '../../session/logout.ts';
import { AppHeader } from '../../ui/app-header.tsx';
import { Button } from '../../ui/button.tsx';
import { ActionCard, CardGrid } from '../../ui/dashboard.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';

export function GuestHome() {
  const navigate = useNavigate();
  const [showCatalogue, setShowCatalogue] = useState(false);
  const cartCount = 0;
  return (
    <PageLayout
      header={
        <AppHeader>
          <Button variant="onBrand">Cart ({cartCount})</Button>
          <Button variant="onBrand" onClick={() => void logout().then(() => navigate({ to: '/' }))}>
            Go Back
          </Button>
        </AppHeader>
      }
    >
      <h1>Welcome, Guest!</h1>
      <CardGrid label="Guest actions">
        <ActionCard
          title="Make a New Order"
          text="No account needed: choose supplies and tell us where to bring them."
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
