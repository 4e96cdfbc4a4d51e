// The app's first screen once the startup is done. '/' with nobody signed in is the landing,
// shown without the router: it needs neither the router nor the offline layer (issue 21: the
// landing's script budget), and the routed app (routed-app.tsx) loads when the visitor leaves
// it, or as soon as they reach for a button. Any other first screen is the routed app.
// Keeps, in module memory: the routed app's module once loaded.
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { LandingScreen, loadHomeScreen, preloadHomeScreen } from '../pages/home-page.tsx';
import { PendingPage } from '../pages/pending-page.tsx';
import { getSessionUser, mayHaveLogin } from '../session/session-user.ts';
import { setAppNavigator, type AppPath } from '../ui/app-link.tsx';
import { IdleStatus } from './offline-status/status-bar.tsx';
// Types only: a value import would put the router in the entry.
import type * as RoutedAppModule from './routed-app.tsx';

type RoutedApp = typeof RoutedAppModule;

let routed: RoutedApp | null = null;

async function loadRoutedApp(): Promise<RoutedApp> {
  routed ??= await import('./routed-app.tsx');
  return routed;
}

function opensOnLanding(): boolean {
  return routed === null && window.location.pathname === '/' && getSessionUser() === null;
}

/**
 * At start, while the key exchange runs: the code of the screen the app will likely open on,
 * the user's home and, unless that is the landing of someone never signed in here, the
 * routed app (a relaunch with a login hint is most likely signed in).
 */
export function preloadFirstScreen(): void {
  preloadHomeScreen();
  if (opensOnLanding() && !mayHaveLogin()) return;
  loadRoutedApp().catch(() => undefined); // a failure shows on render
}

/**
 * Readies the first screen before it is shown: its code loaded (on '/', the signed-in user's
 * home) and, for the routed app, the address matched to its route. A failure shows on render.
 */
export async function prepareFirstScreen(): Promise<void> {
  if (opensOnLanding()) return loadHomeScreen();
  const [app] = await Promise.all([loadRoutedApp(), loadHomeScreen()]);
  await app.openRoutedApp();
}

/** The visitor reaches for a button: the routed app starts loading before the tap lands. */
function useLoadOnIntent(): void {
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const load = () => {
      for (const name of events) window.removeEventListener(name, load);
      loadRoutedApp().catch(() => undefined); // a failure shows when the visitor leaves
    };
    for (const name of events) window.addEventListener(name, load);
    return () => {
      for (const name of events) window.removeEventListener(name, load);
    };
  }, []);
}

function Landing({ onLeave }: { onLeave: (app: RoutedApp) => void }) {
  useLoadOnIntent();
  useEffect(() => {
    setAppNavigator((to: AppPath) => {
      loadRoutedApp()
        .then(async (app) => {
          await app.openRoutedApp(to);
          startTransition(() => onLeave(app));
        })
        // The routed app could not load (the network dropped, no service worker yet): the
        // browser goes there itself, and says what it can.
        .catch(() => window.location.assign(to));
    });
  }, [onLeave]);
  return (
    <>
      <IdleStatus />
      <LandingScreen />
    </>
  );
}

// Only when prepareFirstScreen could not load it: the router shows the failure when it can.
const LazyRoutedApp = lazy(async () => {
  const app = await loadRoutedApp();
  await app.openRoutedApp();
  return { default: app.RoutedApp };
});

export function FirstScreen() {
  const [app, setApp] = useState<RoutedApp | null>(() => routed);
  const [onLanding] = useState(opensOnLanding);
  if (app !== null) return <app.RoutedApp />;
  if (onLanding) return <Landing onLeave={setApp} />;
  return (
    <Suspense fallback={<PendingPage />}>
      <LazyRoutedApp />
    </Suspense>
  );
}
