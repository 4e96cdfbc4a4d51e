import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '#client/offline/outbox';
import {
  currentFetchMark,
  markNavigation,
  markServerChanged,
  mirrorKey,
  mirrorRow,
  refreshList,
  refreshListFor,
  refreshMirror,
  replaceList,
} from '#client/offline/mirror';
import type { AppDb } from '#client/offline/app-db';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import { drainOutbox } from '#client/offline/replayer';
import { rememberSignedInUser } from '#client/offline/session-user-store';
import { listRefreshedAt } from '#client/offline/sync-meta';
import { countUnsentForLogout, wipeUserData } from '#client/offline/wipe';
import { applicationAction, feedbackAction } from './support/actions.ts';
import { newDevice } from './support/fake-db.ts';
import { createOrderOnRound, createUser, signedInCookie } from '../../support/factories.ts';
import {
  startReplayServer,
  unreachableTransport,
  type ReplayServer,
} from './support/replay-server.ts';

const orders = (...ids: number[]) =>
  ids.map((id) => ({ id: String(id), group: null, data: { orderId: id, status: 'PENDING' } }));
const CLIENT = { userId: 7, username: 'Ann', role: 'CLIENT' as const, email: null, phone: null };

describe('mirror', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  /** A new account, its login cookie sent by the client, and remembered on the device. */
  async function signIn(db: AppDb, role: 'CLIENT' | 'VOLUNTEER') {
    const serverDb = live.server.app.ctx.opened.db;
    const user = await createUser(serverDb, { role, password: null });
    live.client.setCookie(await signedInCookie(serverDb, user.id));
    const remembered = { userId: user.id, username: user.username, role, email: null, phone: null };
    await rememberSignedInUser(db, remembered);
    return { serverDb, user, remembered };
  }

  it('replaces a list, keeps the server order and records when', async () => {
    const db = newDevice().open();
    await replaceList(db, 'myOrders', orders(3, 1, 2));
    await replaceList(db, 'myOrders', orders(2, 1));
    const rows = await db.myOrders.where('list').equals('myOrders').sortBy('position');
    expect(rows.map((r) => r.id)).toEqual(['2', '1']);
    expect(await listRefreshedAt(db, 'myOrders')).not.toBeNull();
    expect(await listRefreshedAt(db, 'catalogue')).toBeNull();
    db.close();
  });

  it('re-applies a queued action’s change over a refresh, and undoes it from the fresh row', async () => {
    const db = newDevice().open();
    await replaceList(db, 'myOrders', orders(1));
    const key = mirrorKey('myOrders', 1);
    const cancelled = mirrorRow('myOrders', 1, { orderId: 1, status: 'CANCELLED' });
    // An action the server will refuse (409): this email already has a pending application.
    const duplicate = applicationAction();
    await enqueue(db, duplicate);
    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(1);
    const seq = await enqueue(db, {
      ...duplicate,
      changes: [{ table: 'myOrders', key, row: cancelled }],
    });
    // A refresh: the server still has the order PENDING (the queued action has not reached it).
    await replaceList(db, 'myOrders', [
      { id: '1', group: null, data: { orderId: 1, status: 'PENDING', address: 'new' } },
    ]);
    expect((await db.myOrders.get(key))?.data).toEqual({ orderId: 1, status: 'CANCELLED' });

    await drainOutbox({ db, transport: live.client.transport });
    expect((await db.outbox.get(seq))?.verdict?.status).toBe(409);
    expect((await db.myOrders.get(key))?.data).toEqual({
      orderId: 1,
      status: 'PENDING',
      address: 'new',
    });
    db.close();
  });

  it('refreshes only the signed-in user’s lists and keeps old rows when a refresh fails', async () => {
    const db = newDevice().open();
    expect(await refreshList(db, live.client.transport, 'myOrders')).toBe('not-yours');
    const { serverDb, user } = await signIn(db, 'CLIENT');
    await replaceList(db, 'myOrders', orders(41));
    expect(await refreshList(db, live.client.transport, 'assignedOrders')).toBe('not-yours');
    expect(await refreshList(db, unreachableTransport(), 'myOrders')).toBe('failed');
    expect((await db.myOrders.toArray()).map((r) => r.id)).toEqual(['41']);
    // The login ended: a 401 is not a list, the old rows stay.
    await serverDb.deleteFrom('login_sessions').where('user_id', '=', user.id).execute();
    expect(await refreshList(db, live.client.transport, 'myOrders')).toBe('failed');
    expect((await db.myOrders.toArray()).map((r) => r.id)).toEqual(['41']);
    live.client.setCookie(null);
    db.close();
  });

  it('has a second asker join a refresh of the same list already under way', async () => {
    const db = newDevice().open();
    const asked: string[] = [];
    const counting: OutboxTransport = (request) => {
      asked.push(request.path);
      return live.client.transport(request);
    };
    // A screen opening while the engine refreshes the catalogue: one request.
    const [first, second] = await Promise.all([
      refreshListFor(db, counting, 'catalogue', null),
      refreshListFor(db, counting, 'catalogue', null),
    ]);
    expect([first, second]).toEqual([null, null]);
    expect(asked).toHaveLength(1);
    // Once it is over, a screen the user moves to fetches afresh.
    markNavigation();
    await refreshListFor(db, counting, 'catalogue', null);
    expect(asked).toHaveLength(2);
    // This device sent a change meanwhile: a refresh begun before it is not joined.
    markNavigation();
    const before = refreshListFor(db, counting, 'catalogue', null);
    markServerChanged();
    const after = refreshListFor(db, counting, 'catalogue', null);
    await Promise.all([before, after]);
    expect(asked).toHaveLength(4);
    db.close();
  });

  it('has a full refresh and a screen opening during it share one request per list', async () => {
    const db = newDevice().open();
    const { remembered } = await signIn(db, 'VOLUNTEER');
    const asked: string[] = [];
    let passMovedOn = () => {};
    const secondRequest = new Promise<void>((resolve) => (passMovedOn = resolve));
    const counting: OutboxTransport = (request) => {
      asked.push(request.path.split('?')[0]!);
      if (asked.length === 2) passMovedOn();
      return live.client.transport(request);
    };
    const everyList = [
      '/api/cargo/items',
      '/api/orders/volunteer/assigned',
      '/api/rounds/all',
      '/api/rounds/my-rounds',
    ];
    // The app opens on the dashboard, which asks for its lists while the start-up refresh is
    // on its second one: it takes the catalogue the pass fetched, joins the list under way and
    // fetches the ones not reached, which the pass then takes when it gets there.
    markNavigation();
    const beforeStartup = currentFetchMark();
    const pass = refreshMirror(db, counting);
    await secondRequest;
    expect(await refreshListFor(db, counting, 'catalogue', null)).toBeNull();
    const screen = Promise.all(
      (['myRounds', 'allRounds', 'assignedOrders'] as const).map((name) =>
        refreshListFor(db, counting, name, remembered),
      ),
    );
    expect(await screen).toEqual([null, null, null]);
    expect(Object.values(await pass).filter((o) => o === 'refreshed')).toHaveLength(4);
    expect([...asked].sort()).toEqual([...everyList].sort());

    // A refresh asked during that pass (a sign-in) is content with what it fetched...
    await refreshMirror(db, counting, beforeStartup);
    expect(asked).toHaveLength(4);
    // ...so is the screen the app opened on, though the pass is over...
    await refreshListFor(db, counting, 'allRounds', remembered);
    expect(asked).toHaveLength(4);
    // ...but a screen the user moves to later fetches afresh...
    markNavigation();
    await refreshListFor(db, counting, 'allRounds', remembered);
    expect(asked).toHaveLength(5);
    // ...and once this device sent a change, every list is asked again.
    markServerChanged();
    await refreshMirror(db, counting, beforeStartup);
    expect(asked).toHaveLength(9);
    // A fetch that failed does not count as one.
    const beforeFailure = currentFetchMark();
    expect(await refreshList(db, unreachableTransport(), 'allRounds', beforeFailure)).toBe(
      'failed',
    );
    expect(await refreshList(db, counting, 'allRounds', beforeFailure)).toBe('refreshed');
    expect(asked).toHaveLength(10);
    live.client.setCookie(null);
    db.close();
  });

  it('does not put back a list whose reply arrives after the logout wiped it', async () => {
    const db = newDevice().open();
    const { serverDb, user } = await signIn(db, 'CLIENT');
    await createOrderOnRound(serverDb, null, { userId: user.id });
    // The reply is held until the user has logged out on this device.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: OutboxTransport = async (request) => {
      const reply = await live.client.transport(request);
      await held;
      return reply;
    };
    const refresh = refreshList(db, slow, 'myOrders');
    await wipeUserData(db);
    release();
    expect(await refresh).toBe('failed');
    expect(await db.myOrders.count()).toBe(0);
    expect(await listRefreshedAt(db, 'myOrders')).toBeNull();
    live.client.setCookie(null);
    db.close();
  });

  it('logout wipes the user’s lists, record and actions, and keeps the catalogue', async () => {
    const db = newDevice().open();
    await rememberSignedInUser(db, CLIENT);
    await replaceList(db, 'myOrders', orders(1));
    await replaceList(db, 'catalogue', [{ id: '9', group: null, data: { name: 'Socks' } }]);
    await enqueue(db, feedbackAction());
    const visitor = await enqueue(db, { ...feedbackAction(), ownerUserId: null });
    expect(await countUnsentForLogout(db)).toBe(1);

    await wipeUserData(db);

    expect(await db.myOrders.count()).toBe(0);
    expect(await db.sessionUser.count()).toBe(0);
    expect(await db.catalogue.count()).toBe(1);
    expect((await db.outbox.toArray()).map((r) => r.seq)).toEqual([visitor]);
    expect(await listRefreshedAt(db, 'myOrders')).toBeNull();
    db.close();
  });
});
