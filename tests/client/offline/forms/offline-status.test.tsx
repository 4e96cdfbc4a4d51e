// @vitest-environment jsdom
// The status bar on the device's real outbox: the pending count opens the outbox list; an
// action the server refused (409) is under "Needs attention" with its message, and Discard
// removes it; the offline badge follows the browser's online state; an action queued more
// than 28 days ago (a moved clock) is flagged beside the count and in the list.
import '../support/fake-db.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { getAppDb } from '#client/offline/app-db';
import { enqueue } from '#client/offline/outbox';
import { drainOutbox } from '#client/offline/replayer';
import { longWaitText } from '#client/offline/status-texts';
import { DUPLICATE_APPLICATION_MESSAGE } from '#server/applications/applications.service';
import { OfflineStatus } from '#client/shell/offline-status/offline-status.tsx';
import { applicationAction, feedbackAction } from '../support/actions.ts';
import { createNodeClient, type NodeClient } from '../support/node-client.ts';
import { startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { renderPage } from '../../support/render-page.tsx';

let live: ReplayServer;
let client: NodeClient;

beforeAll(async () => {
  live = await startReplayServer();
  client = createNodeClient(live.server.baseUrl, live.server.config);
});

afterAll(async () => {
  await live.close();
});

afterEach(async () => {
  cleanup();
  await getAppDb().outbox.clear();
});

describe('offline status', () => {
  it('shows the pending count and opens the outbox list', async () => {
    const db = getAppDb();
    await enqueue(db, feedbackAction());
    await enqueue(db, feedbackAction());
    renderPage('/', OfflineStatus);
    fireEvent.click(await screen.findByRole('button', { name: '2 changes waiting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes on this device' });
    const queued = await within(dialog).findByRole('region', { name: 'Queued' });
    expect(within(queued).getAllByText('Feedback')).toHaveLength(2);
  });

  it('lists a refused action under Needs attention, and Discard removes it', async () => {
    const db = getAppDb();
    const email = `status-${Date.now()}@example.org`;
    await enqueue(db, applicationAction(email));
    await enqueue(db, applicationAction(email));
    await drainOutbox({ db, transport: client.transport, concurrency: 1 });
    renderPage('/', OfflineStatus);
    fireEvent.click(await screen.findByRole('button', { name: '1 needs attention' }));
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    expect(within(section).getByText(DUPLICATE_APPLICATION_MESSAGE)).toBeDefined();
    fireEvent.click(within(section).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Nothing is waiting to be sent.')).toBeDefined();
    expect(await db.outbox.where('status').equals('rejected').count()).toBe(0);
  });

  it('shows the offline badge while the browser is offline', async () => {
    renderPage('/', OfflineStatus);
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(await screen.findByText('Offline')).toBeDefined();
    } finally {
      if (online !== undefined) Object.defineProperty(navigator, 'onLine', online);
      else Reflect.deleteProperty(navigator, 'onLine');
    }
  });

  it('warns when an action has waited more than 28 days', async () => {
    const db = getAppDb();
    const day = 24 * 60 * 60_000;
    await enqueue(db, feedbackAction(), new Date(Date.now() - 30 * day - 60_000));
    await enqueue(db, feedbackAction(), new Date(Date.now() - 2 * day));
    renderPage('/', OfflineStatus);
    const warning = longWaitText(30);
    expect(await screen.findByText(warning)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '2 changes waiting' }));
    const queued = await screen.findByRole('region', { name: 'Queued' });
    // Only the old one is flagged in the list.
    expect(within(queued).getAllByText(warning)).toHaveLength(1);
  });
});
