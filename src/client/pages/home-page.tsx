// '/' depends on who is signed in (spec section 2 "Routes"): nobody → landing, username
// Guest → guest home, VOLUNTEER → volunteer dashboard, ADMIN → admin home, anyone else →
// client home. Each home loads lazily so the landing stays small; the one for whoever is
// signed in when the app opens is fetched during the startup handshake (preloadHomeScreen),
// so the router renders it at once: no 'Loading…' and no Suspense reveal delay in between.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import {
  getSessionUser,
  hintedRole,
  isGuest,
  type SessionUser,
  type UserRole,
} from '../session/session-user.ts';
import { useSessionUser } from '../session/use-session-user.ts';
import { importClientHome, importGuestHome } from '../features/ordering/screens.ts';
import { PendingPage } from './pending-page.tsx';
import { importAdminHome } from '../features/admin/screens.ts';
import { importLandingPage } from '../features/landing/screens.ts';
import { importVolunteerDashboard } from '../features/volunteer/screens.ts';

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
  landing: homeScreen(() => importLandingPage().then((m) => m.LandingPage)),
  guest: homeScreen(() => importGuestHome().then((m) => m.GuestHome)),
  volunteer: homeScreen(() => importVolunteerDashboard().then((m) => m.VolunteerDashboard)),
  admin: homeScreen(() => importAdminHome().then((m) => m.AdminHome)),
  client: homeScreen(() => importClientHome().then((m) => m.ClientHome)),
};

function screenForRole(role: UserRole | null): HomeScreen {
  if (role === null) return SCREENS.landing;
  if (role === 'GUEST') return SCREENS.guest;
  if (role === 'VOLUNTEER') return SCREENS.volunteer;
  if (role === 'ADMIN') return SCREENS.admin;
  return SCREENS.client;
}

function screenFor(user: SessionUser | null): HomeScreen {
  if (user === null) return SCREENS.landing;
  return screenForRole(isGuest(user) ? 'GUEST' : user.role);
}

/**
 * At start, on '/': begins loading the home of the user in this tab or, when the tab has
 * none yet (an installed app relaunched), of the login the device hints at (a failure shows
 * on render).
 */
export function preloadHomeScreen(): void {
  if (window.location.pathname !== '/') return;
  const user = getSessionUser();
  // A hint of the Guest is never kept: the Guest has no login to relaunch into.
  const screen = user === null ? screenForRole(hintedRole()) : screenFor(user);
  screen.load().catch(() => undefined);
}

/**
 * Once start-up knows who is signed in: the home of that user, loaded (when the app opens on
 * '/'), so the first render shows it rather than suspending on it. Suspending there would
 * commit the 'Loading…' fallback and hold the screen back by React's reveal throttle.
 */
export async function loadHomeScreen(): Promise<void> {
  if (window.location.pathname !== '/') return;
  // A failure shows on render.
  await screenFor(getSessionUser())
    .load()
    .catch(() => undefined);
}

function HomeFor() {
  const screen = screenFor(useSessionUser());
  const Screen = screen.loaded ?? screen.Lazy;
  return <Screen />;
}

/**
 * The landing as a first visit's first screen, before the router has loaded
 * (shell/first-screen.tsx); the router's HomePage shows the same screen later.
 */
export function LandingScreen() {
  const Screen = SCREENS.landing.loaded ?? SCREENS.landing.Lazy;
  return (
    <Suspense fallback={<PendingPage />}>
      <Screen />
    </Suspense>
  );
}

export function HomePage() {
  return (
    <Suspense fallback={<PendingPage />}>
      <HomeFor />
    </Suspense>
  );
}
