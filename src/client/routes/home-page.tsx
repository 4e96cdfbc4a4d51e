// '/' depends on who is signed in (spec section 2 "Routes"): nobody → landing, username
// Guest → guest home, VOLUNTEER → volunteer dashboard, ADMIN → admin home, anyone else →
// client home. Each home loads lazily so the landing stays small; the one for whoever is
// signed in when the app opens is fetched during the startup handshake (preloadHomeScreen),
// so the router renders it at once: no 'Loading…' and no Suspense reveal delay in between.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { getSessionUser, isGuest, type SessionUser } from '../session/session-user.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { PendingPage } from './pending-page.tsx';

interface HomeScreen {
  load(): Promise<ComponentType>;
  /** Set once the module has loaded: rendered directly, without suspending. */
  loaded: ComponentType | null;
  Lazy: LazyExoticComponent<ComponentType>;
}

function homeScreen(importScreen: () => Promise<ComponentType>): HomeScreen {
  const screen: HomeScreen = {
    async load() {
      const component = await importScreen();
      screen.loaded = component;
      return component;
    },
    loaded: null,
    Lazy: lazy(async () => ({ default: await screen.load() })),
  };
  return screen;
}

const SCREENS = {
  landing: homeScreen(() =>
    import('../features/landing/landing-page.tsx').then((m) => m.LandingPage),
  ),
  guest: homeScreen(() => import('../features/guest/guest-home.tsx').then((m) => m.GuestHome)),
  volunteer: homeScreen(() =>
    import('../features/volunteer/volunteer-dashboard.tsx').then((m) => m.VolunteerDashboard),
  ),
  admin: homeScreen(() => import('../features/admin/admin-home.tsx').then((m) => m.AdminHome)),
  client: homeScreen(() => import('../features/client/client-home.tsx').then((m) => m.ClientHome)),
};

function screenFor(user: SessionUser | null): HomeScreen {
  if (user === null) return SCREENS.landing;
  if (isGuest(user)) return SCREENS.guest;
  if (user.role === 'VOLUNTEER') return SCREENS.volunteer;
  if (user.role === 'ADMIN') return SCREENS.admin;
  return SCREENS.client;
}

/** At start, on '/': begins loading the signed-in user's home (a failure shows on render). */
export function preloadHomeScreen(): void {
  if (window.location.pathname !== '/') return;
  screenFor(getSessionUser())
    .load()
    .catch(() => undefined);
}

function HomeFor() {
  const screen = screenFor(useSessionUser());
  const Screen = screen.loaded ?? screen.Lazy;
  return <Screen />;
}

export function HomePage() {
  return (
    <Suspense fallback={<PendingPage />}>
      <HomeFor />
    </Suspense>
  );
}
