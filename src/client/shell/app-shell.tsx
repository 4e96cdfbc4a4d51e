import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { FirstScreen, prepareFirstScreen } from './first-screen.tsx';
import { FatalErrorScreen, SecurityErrorScreen } from './security-error-screen.tsx';
import { SessionExpiredHost } from './session-expired-host.tsx';
import { StatusToasts } from '../ui/status-toast.tsx';
import { removePageStartupScreen } from './page-startup-screen.ts';
import { StartupOverlay } from './startup-overlay.tsx';
import { runStartup, type StartupPhase } from './startup.ts';

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

  // Before the next screen paints, so the page's startup screen never shows over it.
  useLayoutEffect(() => {
    if (phase.kind !== 'connecting') removePageStartupScreen();
  }, [phase.kind]);

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
          <FirstScreen />
          <SessionExpiredHost />
          <StatusToasts />
        </>
      );
  }
}
