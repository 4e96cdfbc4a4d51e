import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '#client/offline/outbox';
import { drainOutbox } from '#client/offline/replayer';
import { rememberSignedInUser } from '#client/offline/session-user-store';
import { readReplayerState } from '#client/offline/sync-meta';
import { AUTH_PATHS } from '#shared/contracts/auth';
import { createUser, signedInCookie, uniqueUsername } from '../../support/factories.ts';
import { feedbackAction } from './support/actions.ts';
import { newDevice } from './support/fake-db.ts';
import { startReplayServer, type ReplayServer } from './support/replay-server.ts';

describe('replay when the login has ended', () => {
  let live: ReplayServer;
  beforeAll(async () => {
    live = await startReplayServer();
  });
  afterAll(async () => {
    await live.close();
  });

  it('pauses the user’s actions (not dropped), sends public ones, and resumes after sign-in', async () => {
    const serverDb = live.server.app.ctx.opened.db;
    const user = await createUser(serverDb, { password: null });
    live.client.setCookie(await signedInCookie(serverDb, user.id));
    const db = newDevice().open();
    await rememberSignedInUser(db, {
      userId: user.id,
      username: user.username,
      role: 'CLIENT',
      email: null,
      phone: null,
    });
    const newUsername = uniqueUsername('renamed');
    const rename = await enqueue(db, {
      kind: 'profile.username',
      label: 'Change username',
      method: 'PUT',
      path: AUTH_PATHS.updateUsername,
      payload: { userId: String(user.id), newUsername },
      entityKey: `user:${user.id}`,
    });
    const feedback = await enqueue(db, { ...feedbackAction(), ownerUserId: null });
    expect((await db.outbox.get(rename))?.ownerUserId).toBe(user.id);

    // The login ends on the server (expired, or ended on another device).
    await serverDb.deleteFrom('login_sessions').where('user_id', '=', user.id).execute();
    const paused = await drainOutbox({ db, transport: live.client.transport });
    expect(paused).toMatchObject({ sent: 1, rejected: 0, stop: 'idle' });
    expect((await db.outbox.get(rename))?.status).toBe('queued');
    expect((await db.outbox.get(feedback))?.status).toBe('done');
    expect((await readReplayerState(db)).pausedForSignIn).toBe(true);

    // While paused, nothing of the user's is sent at all.
    const requestsBefore = live.client.stats.requests;
    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(0);
    expect(live.client.stats.requests).toBe(requestsBefore);

    live.client.setCookie(await signedInCookie(serverDb, user.id));
    await rememberSignedInUser(db, {
      userId: user.id,
      username: user.username,
      role: 'CLIENT',
      email: null,
      phone: null,
    });
    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(1);
    expect((await db.outbox.get(rename))?.status).toBe('done');
    const renamed = await serverDb
      .selectFrom('users')
      .select('username')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(renamed.username).toBe(newUsername);
    live.client.setCookie(null);
    db.close();
  });

  it('does not send another user’s queued action under the current login', async () => {
    const db = newDevice().open();
    const seq = await enqueue(db, { ...feedbackAction(), ownerUserId: 999_999 });
    const requestsBefore = live.client.stats.requests;
    expect((await drainOutbox({ db, transport: live.client.transport })).sent).toBe(0);
    expect(live.client.stats.requests).toBe(requestsBefore);
    expect((await db.outbox.get(seq))?.status).toBe('queued');
    db.close();
  });
});
