// The dashboard's tests: one real server per test file with the offline engine, a clean device
// (outbox, mirror, sync state) and signed-out tab after each test, and the dashboard opened.
import { vi } from 'vitest';
import { screen, within, type RenderResult } from '@testing-library/react';
import type { Db } from '#server/db/kysely';
import { getAppDb } from '#client/offline/app-db';
import { setSessionUser } from '#client/session/session-user';
import { VolunteerDashboard } from '#client/features/volunteer/volunteer-dashboard.tsx';
import { createOrderOnRound, createSignup } from '../../../support/factories.ts';
import { useClientServer, type ClientServer } from '../../support/client-server.ts';
import { renderPage } from '../../support/render-page.tsx';
import { DAY, region, seedRound, signInVolunteer, volunteerAccount } from './volunteer-kit.ts';

export function useDashboardServer(): ClientServer {
  return useClientServer({
    offlineEngine: true,
    afterEachTest: async () => {
      setSessionUser(null);
      vi.restoreAllMocks();
      const db = getAppDb();
      await Promise.all([
        db.outbox.clear(),
        db.rounds.clear(),
        db.assignedOrders.clear(),
        db.syncMeta.clear(),
      ]);
    },
  });
}

/** The dashboard at '/', once its lists were read from the device and refreshed. */
export async function openDashboard(): Promise<RenderResult> {
  const view = renderPage('/', VolunteerDashboard);
  await screen.findByRole('heading', { name: 'My Upcoming Rounds' });
  return view;
}

/** The dashboard once its calendar marks the days that have rounds. */
export async function openDashboardCalendar(): Promise<void> {
  await openDashboard();
  await screen.findAllByRole('button', { name: /rounds scheduled/ }, { timeout: 10_000 });
}

/**
 * A signed-in volunteer CONFIRMED on a round two days ahead that carries one open order, and
 * the dashboard open on that order's card under 'Assigned Orders'.
 */
export async function openAssignedOrder(db: Db): Promise<{ orderId: number; order: HTMLElement }> {
  const volunteer = await volunteerAccount(db);
  const round = await seedRound(db, 2 * DAY);
  await createSignup(db, round.id, volunteer.id, 'CONFIRMED');
  const orderId = await createOrderOnRound(db, round.id);
  signInVolunteer(volunteer);
  await openDashboard();
  const order = await within(region('Assigned Orders')).findByRole('article', {
    name: `Order #${orderId}`,
  });
  return { orderId, order };
}
