import { useEffect, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { router } from '../router.tsx';
import { FatalErrorScreen, SecurityErrorScreen } from './security-error-screen.tsx';
import { SessionExpiredHost } from './session-expired-host.tsx';
import { StartupOverlay } from './startup-overlay.tsx';
import { runStartup, type StartupPhase } from './startup.ts';

/** Startup screens first (spec section 2 "Startup"), then the routed app. */
export function AppShell() {
  const [phase, setPhase] = useState<StartupPhase>({ kind: 'connecting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void runStartup().then((next) => {
      if (live) setPhase(next);
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
        </>
      );
  }
}
