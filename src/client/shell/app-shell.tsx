import { startTransition, useEffect, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { router } from '../router.tsx';
import { loadHomeScreen } from '../pages/home-page.tsx';
import { FatalErrorScreen, SecurityErrorScreen } from './security-error-screen.tsx';
import { SessionExpiredHost } from './session-expired-host.tsx';
import { StatusToasts } from '../ui/status-toast.tsx';
import { StartupOverlay } from './startup-overlay.tsx';
import { runStartup, type StartupPhase } from './startup.ts';

/**
 * Readies the first screen before the router is on screen: the address matched to its route
 * and, on '/', the signed-in user's home loaded. Mounted unloaded, the router loads from an
 * effect and shows the result through its store, a synchronous render of the whole screen
 * that React cannot slice. A failure here is the router's to show when it loads again.
 */
async function prepareFirstScreen(): Promise<void> {
  await Promise.all([matchRoutes(), loadHomeScreen()]);
}

async function matchRoutes(): Promise<void> {
  // Only the first time: a router that was on screen before (a test's earlier shell) waits
  // for its unmounted provider to acknowledge a load, and loads again itself on mounting.
  if (router.state.resolvedLocation !== undefined) return;
  await router.load().catch(() => undefined);
}

/** Startup screens first (spec section 2 "Startup"), then the routed app. */
export function AppShell() {
  const [phase, setPhase] = useState<StartupPhase>({ kind: 'connecting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void runStartup().then(async (next) => {
      if (next.kind === 'ready') await prepareFirstScreen();
      // The routed app's first render is the largest of the start-up: in a transition React
      // renders it in slices, leaving the main thread free between them.
      if (live) startTransition(() => setPhase(next));
    });
    return () => {
      live = false;
    };
  }, [attempt]);

  switch (phase.kind) {
    case 'connecting':
      return <StartupOverlay />;
    case 'security-error':
      return <SecurityErrorScreen message={phase.message} />;
    case 'fatal':
      return (
        <FatalErrorScreen
          message={phase.message}
          onRetry={() => {
            setPhase({ kind: 'connecting' });
            setAttempt((n) => n + 1);
          }}
        />
      );
    case 'ready':
      return (
        <>
          <RouterProvider router={router} />
          <SessionExpiredHost />
          <StatusToasts />
        </>
      );
  }
}
