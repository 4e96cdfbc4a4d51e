// One real server per test file, the secure session and the offline engine, and a clean
// device (outbox, mirror, sync state) and signed-out tab after each test.
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, screen, type RenderResult } from '@testing-library/react';
import { setApiBaseUrl, startSecureSession } from '#client/api/api-client';
import { getAppDb } from '#client/offline/app-db';
import { startOfflineEngine } from '#client/offline/engine';
import { setSessionUser } from '#client/session/session-user';
import { VolunteerDashboard } from '../../../src/client/features/volunteer/volunteer-dashboard.tsx';
import type { TestServer } from '../../support/build-app.ts';
import { startClientServer } from '../support/client-server.ts';
import { renderPage } from '../support/render-page.tsx';

export interface DashboardHarness {
  server(): TestServer;
}

export function useDashboardServer(): DashboardHarness {
  let server: TestServer | undefined;
  let stopEngine: (() => void) | undefined;

  beforeAll(async () => {
    server = await startClientServer();
    await startSecureSession();
    stopEngine = startOfflineEngine();
  });

  afterAll(async () => {
    stopEngine?.();
    // The engine may still have a request in flight when the file ends; the device is gone,
    // so its connections are cut instead of waited for by the graceful close.
    server?.app.server.closeAllConnections();
    await server?.close();
  });

  afterEach(async () => {
    cleanup();
    setSessionUser(null);
    vi.restoreAllMocks();
    if (server !== undefined) setApiBaseUrl(server.baseUrl);
    const db = getAppDb();
    await Promise.all([
      db.outbox.clear(),
      db.rounds.clear(),
      db.assignedOrders.clear(),
      db.syncMeta.clear(),
    ]);
  });

  return {
    server: () => {
      if (server === undefined) throw new Error('server not started');
      return server;
    },
  };
}

/** The dashboard at '/', once its lists were read from the device and refreshed. */
export async function openDashboard(): Promise<RenderResult> {
  const view = renderPage('/', VolunteerDashboard);
  await screen.findByRole('heading', { name: 'My Upcoming Rounds' });
  return view;
}

/** window.alert, recorded (jsdom has none). */
export function recordAlerts(): string[] {
  const alerts: string[] = [];
  vi.spyOn(window, 'alert').mockImplementation((message?: unknown) => {
    alerts.push(String(message));
  });
  return alerts;
}
