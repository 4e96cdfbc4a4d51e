// The profile's notification preferences on the device (issue 19): the server's last word per
// user, overridden by the latest change still in the outbox (so a change made offline shows
// at once and after a reload), never by a refused one; sent in order on one entity; gone at
// logout.
import { describe, expect, it } from 'vitest';
import { buildAction, NOTIFICATION_PREFERENCES_ENTITY } from '#client/offline/actions';
import { readStoredPreferences, rememberPreferences } from '#client/offline/notification-prefs';
import { enqueue } from '#client/offline/outbox';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import { drainOutbox } from '#client/offline/replayer';
import { rememberSignedInUser } from '#client/offline/session-user-store';
import { wipeUserData } from '#client/offline/wipe';
import { newDevice, reload } from './support/fake-db.ts';

const USER = { userId: 7, username: 'ada', role: 'CLIENT' as const, email: null, phone: null };

function preferences(push: boolean, email: boolean) {
  return buildAction('notifications.preferences', {
    userId: USER.userId,
    preferences: { push, email },
  });
}

describe('notification preferences on the device', () => {
  it('shows the latest waiting change over the server’s word, after a reload too', async () => {
    const device = newDevice();
    let db = device.open();
    await rememberSignedInUser(db, USER);
    expect(await readStoredPreferences(USER.userId, db)).toEqual({ known: null, pending: null });
    await rememberPreferences(USER.userId, { push: true, email: true }, db);
    await enqueue(db, preferences(true, false));
    await enqueue(db, preferences(false, false));
    db = reload(device, db);
    expect(await readStoredPreferences(USER.userId, db)).toEqual({
      known: { push: true, email: true },
      pending: { push: false, email: false },
    });
    // Another user's kept preferences are not these.
    expect(await readStoredPreferences(8, db)).toEqual({ known: null, pending: null });
  });

  it('sends the changes in the order made, and a refused one no longer shows', async () => {
    const db = newDevice().open();
    await rememberSignedInUser(db, USER);
    await enqueue(db, preferences(true, false));
    await enqueue(db, preferences(true, true));
    const sent: unknown[] = [];
    const refuseFirst: OutboxTransport = (request) => {
      sent.push(request.body);
      const status = sent.length === 1 ? 400 : 200;
      return Promise.resolve({
        status,
        body: { status: status < 300 ? 'success' : 'error', message: 'm' },
      });
    };
    await drainOutbox({ db, transport: refuseFirst });
    // The refusal holds the entity: the later change waits for Retry or Discard.
    expect(sent).toEqual([{ push: true, email: false }]);
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.entityKey, r.method, r.path, r.status])).toEqual([
      [NOTIFICATION_PREFERENCES_ENTITY, 'PUT', '/api/notifications/preferences', 'rejected'],
      [NOTIFICATION_PREFERENCES_ENTITY, 'PUT', '/api/notifications/preferences', 'queued'],
    ]);
    expect((await readStoredPreferences(USER.userId, db)).pending).toEqual({
      push: true,
      email: true,
    });
  });

  it('forgets every user’s kept preferences at logout', async () => {
    const db = newDevice().open();
    await rememberSignedInUser(db, USER);
    await rememberPreferences(USER.userId, { push: false, email: true }, db);
    await enqueue(db, preferences(true, true));
    await wipeUserData(db);
    expect(await readStoredPreferences(USER.userId, db)).toEqual({ known: null, pending: null });
  });
});
