// '/' depends on who is signed in (spec section 2 "Routes"): nobody → landing, username
// Guest → guest home, VOLUNTEER → volunteer dashboard, ADMIN → admin home, anyone else →
// client home. Each home loads lazily so the landing stays small.
import { lazy, Suspense } from 'react';
import { isGuest } from '../session/session-user.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { PendingPage } from './pending-page.tsx';

const LandingPage = lazy(() =>
  import('../features/landing/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
);
const GuestHome = lazy(() =>
  import('../features/guest/guest-home.tsx').then((m) => ({ default: m.GuestHome })),
);
const VolunteerDashboard = lazy(() =>
  import('../features/volunteer/volunteer-dashboard.tsx').then((m) => ({
    default: m.VolunteerDashboard,
  })),
);
const AdminHome = lazy(() =>
  import('../features/admin/admin-home.tsx').then((m) => ({ default: m.AdminHome })),
);
const ClientHome = lazy(() =>
  import('../features/client/client-home.tsx').then((m) => ({ default: m.ClientHome })),
);

function HomeFor() {
  const user = useSessionUser();
  if (user === null) return <LandingPage />;
  if (isGuest(user)) return <GuestHome />;
  if (user.role === 'VOLUNTEER') return <VolunteerDashboard />;
  if (user.role === 'ADMIN') return <AdminHome />;
  return <ClientHome />;
}

export function HomePage() {
  return (
    <Suspense fallback={<PendingPage />}>
      <HomeFor />
    </Suspense>
  );
}
