// Web Push end to end (issue 19 "Show"): the real server as a child process (so it trusts the
// test push service's certificate through NODE_EXTRA_CA_CERTS, read at start), PUSH_HOSTS =
// 127.0.0.1, and the push receiver of tests/support/push-receiver.ts, which checks the VAPID
// JWT and decrypts each aes128gcm body with the subscription's keys. Notifications come from
// an admin's confirm over HTTP and from rows queued by another process (this one) through the
// queue's own queueNotification, which the server's worker picks up.
// - each device of the person gets the event once, the JSON right; nobody else gets it;
// - 410 or 404 removes the subscription (and it is not tried again);
// - one pass over several people records each right: a device sent, one gone (deleted), one
//   answering 500 (its claim released, the row to retry), one held by another sender (not
//   sent, its claim left as it was), a person with no device;
// - a connection dropped before the answer is tried again at once (a kept-alive connection
//   the push service closes as a request goes out: CI's one failure of the 410 test);
// - 429 then 500, each with Retry-After, then 201: delivered once, and the person's other
//   device, which had it at the first try, is not sent it again;
// - a kill and restart between queueing and sending loses nothing and sends nothing twice;
// - PostgreSQL: two server processes on one database send each notification once;
// - a Spanish-speaking account (users.language 'es') gets the push in Spanish (issue 21).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDb } from '#server/db/kysely';
import { migrateToLatest } from '#server/db/migrate';
import { LOCALES_DIR, readCatalogue } from '#server/i18n/catalogue-files';
import { queueNotification } from '#server/notifications/notifications.service';
import { NOTIFICATION_PATHS } from '#shared/contracts/notifications';
import { ADMIN_ROUND_PATHS } from '#shared/contracts/admin-rounds';
import { startServerProcess, type ServerProcess } from '../../../scripts/lib/server-process.ts';
import { createPostgresDatabase, testDialects } from '../../support/build-app.ts';
import {
  createSignedInUser,
  createSignup,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import {
  makeTestCertificate,
  startPushReceiver,
  type PushAttempt,
  type PushReceiver,
} from '../../support/push-receiver.ts';

interface Payload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const payloadOf = (a: PushAttempt) => a.payload as Payload;

/** Server processes start and restart slowly on a loaded machine; a hang still fails. */
const SLOW = 180_000;

describe.each(testDialects())('Web Push through a real server process (%s)', (dialect) => {
  let dataDir: string;
  let receiver: PushReceiver;
  let opened: OpenedDb;
  let pgDb: { url: string; drop: () => Promise<void> } | undefined;
  let server: ServerProcess;
  let env: Record<string, string>;
  const extraServers: ServerProcess[] = [];

  const start = (port?: number) =>
    startServerProcess({
      dataDir,
      ...(pgDb === undefined ? {} : { databaseUrl: pgDb.url }),
      env,
      ...(port === undefined ? {} : { port }),
      logFile: path.join(dataDir, `server-${randomBytes(3).toString('hex')}.log`),
    });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-push-'));
    const cert = makeTestCertificate(path.join(dataDir, 'tls'));
    receiver = await startPushReceiver(cert);
    pgDb = dialect === 'postgres' ? await createPostgresDatabase('streetmed_push') : undefined;
    opened = openDatabase(pgDb?.url, dataDir);
    await migrateToLatest(opened);
    env = {
      NODE_EXTRA_CA_CERTS: cert.certFile,
      PUSH_HOSTS: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
    };
    server = await start();
    const res = await fetch(`${server.baseUrl}${NOTIFICATION_PATHS.pushPublicKey}`);
    receiver.expectKey(((await res.json()) as { publicKey: string }).publicKey);
  });

  afterAll(async () => {
    // Absent when beforeAll failed part way: that failure is the one to report.
    const started = [server, ...extraServers] as (ServerProcess | undefined)[];
    for (const s of started) await s?.stop();
    await (opened as OpenedDb | undefined)?.db.destroy();
    await (receiver as PushReceiver | undefined)?.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function subscribe(user: SignedInUser, name: string, base = server.baseUrl) {
    const res = await fetch(`${base}${NOTIFICATION_PATHS.pushSubscriptions}`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: receiver.subscription(name).json }),
    });
    expect(res.status).toBe(201);
  }

  /** A notification queued by this process, as any producer's transaction queues one. */
  async function queue(userId: number, label: string) {
    await opened.db.transaction().execute((trx) =>
      queueNotification(
        { trx, now: new Date() },
        {
          kind: 'item.outOfStock',
          eventKey: `h2-test:${label}`,
          userIds: [userId],
          params: { itemId: 1, name: label },
        },
      ),
    );
  }

  const deliveredWith = (name: string, text: string) =>
    receiver.delivered(name).filter((a) => JSON.stringify(a.payload).includes(text));

  const subscriptionsOf = (userId: number) =>
    opened.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', userId)
      .execute();

  it(
    'an admin’s confirm reaches each of the person’s devices once, decrypted right',
    async () => {
      const admin = await createSignedInUser(opened.db, { role: 'ADMIN' });
      const volunteer = await createSignedInUser(opened.db, { role: 'VOLUNTEER' });
      const bystander = await createSignedInUser(opened.db, { role: 'VOLUNTEER' });
      const title = `Round ${randomBytes(3).toString('hex')}`;
      // A week ahead: outside REMINDER_HOURS, so no reminder (which names the round too) comes.
      const week = 7 * 24 * 60 * 60 * 1000;
      const roundId = await createTestRound(opened.db, {
        title,
        maxParticipants: 3,
        startsInMs: week,
      });
      const signupId = await createSignup(opened.db, roundId, volunteer.id, 'WAITLISTED');
      await createSignup(opened.db, roundId, bystander.id, 'WAITLISTED');
      await subscribe(volunteer, 'phone');
      await subscribe(volunteer, 'laptop');
      await subscribe(bystander, 'bystander');

      const res = await fetch(
        `${server.baseUrl}${ADMIN_ROUND_PATHS.confirmSignup.replace(':signupId', String(signupId))}`,
        {
          method: 'PUT',
          headers: { cookie: admin.cookie, 'content-type': 'application/json' },
          body: '{}',
        },
      );
      expect(res.status).toBe(200);
      await receiver.waitFor(
        () => deliveredWith('phone', title).length > 0 && deliveredWith('laptop', title).length > 0,
      );
      // A later push to the same person is the barrier: whatever came first has arrived.
      const barrier = `barrier-${randomBytes(3).toString('hex')}`;
      await queue(volunteer.id, barrier);
      await receiver.waitFor(() => deliveredWith('laptop', barrier).length > 0);

      const [phone] = deliveredWith('phone', title);
      expect(deliveredWith('phone', title)).toHaveLength(1);
      expect(deliveredWith('laptop', title)).toHaveLength(1);
      expect(payloadOf(phone!)).toEqual(payloadOf(deliveredWith('laptop', title)[0]!));
      expect(payloadOf(phone!)).toMatchObject({ title: `You're in: ${title}` });
      expect(payloadOf(phone!).url).toMatch(/^\//);
      expect(typeof payloadOf(phone!).body).toBe('string');
      expect(typeof payloadOf(phone!).tag).toBe('string');
      expect(Object.keys(payloadOf(phone!)).sort()).toEqual(['body', 'tag', 'title', 'url']);
      expect(phone!.headers.ttl).toMatch(/^\d+$/);
      expect(receiver.delivered('bystander')).toEqual([]);
      expect(receiver.attempts.flatMap((a) => a.problems)).toEqual([]);
    },
    SLOW,
  );

  it(
    'a Spanish-speaking account gets its push in Spanish, one that never chose in English',
    async () => {
      const es = readCatalogue(path.join(LOCALES_DIR, 'es', 'server.json'));
      const spanish = await createSignedInUser(opened.db, { language: 'es' });
      const english = await createSignedInUser(opened.db);
      await subscribe(spanish, 'es-phone');
      await subscribe(english, 'en-phone');
      const name = `Calcetines ${randomBytes(3).toString('hex')}`;
      await queue(spanish.id, name);
      await queue(english.id, name);
      await receiver.waitFor(
        () =>
          deliveredWith('es-phone', name).length > 0 && deliveredWith('en-phone', name).length > 0,
      );
      const withName = (id: string) => es[id]?.replace('{name}', name);
      // Decrypted with the subscription's keys, then compared with the es catalogue's text.
      expect(payloadOf(deliveredWith('es-phone', name)[0]!)).toMatchObject({
        title: withName('server.notify.outOfStock.title'),
        body: withName('server.notify.outOfStock.body'),
      });
      expect(payloadOf(deliveredWith('en-phone', name)[0]!)).toMatchObject({
        title: `Out of stock: ${name}`,
        body: `${name} has no stock left.`,
      });
      expect(JSON.stringify(deliveredWith('es-phone', name))).not.toMatch(
        /Out of stock|stock left/,
      );
    },
    SLOW,
  );

  it(
    'a 410 or a 404 deletes that subscription; the person’s other device still gets the push',
    async () => {
      const user = await createSignedInUser(opened.db);
      await subscribe(user, 'gone');
      await subscribe(user, 'unknown');
      await subscribe(user, 'kept');
      receiver.answer('gone', { status: 410 });
      receiver.answer('unknown', { status: 404 });
      await queue(user.id, 'first-after-410');
      await receiver.waitFor(() => deliveredWith('kept', 'first-after-410').length === 1);
      const kept = receiver.subscription('kept').json.endpoint;
      // The row goes in the sender's transaction after the answer: poll the database for it.
      let endpoints = (await subscriptionsOf(user.id)).map((r) => r.endpoint);
      for (let i = 0; i < 100 && endpoints.length > 1; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        endpoints = (await subscriptionsOf(user.id)).map((r) => r.endpoint);
      }
      expect(endpoints).toEqual([kept]);
      await queue(user.id, 'second-after-410');
      await receiver.waitFor(() => deliveredWith('kept', 'second-after-410').length === 1);
      expect(receiver.attempts.filter((a) => a.name === 'gone')).toHaveLength(1);
      expect(receiver.attempts.filter((a) => a.name === 'unknown')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'one pass over several people records each right: sent, gone, retried, held, no device',
    async () => {
      const people = await Promise.all(
        ['sent', 'gone', 'retried', 'held', 'none'].map(async (role) => ({
          role,
          user: await createSignedInUser(opened.db),
        })),
      );
      const userOf = (role: string) => people.find((p) => p.role === role)!.user;
      for (const role of ['sent', 'gone', 'retried', 'held']) {
        await subscribe(userOf(role), `pass-${role}`);
      }
      receiver.answer('pass-gone', { status: 410 });
      receiver.answer('pass-retried', { status: 500, retryAfter: '3600' });
      const label = `Pass ${randomBytes(3).toString('hex')}`;
      const heldSince = new Date().toISOString();
      // All queued in one commit, so the worker's next pass claims them together; 'held' has
      // a fresh claim by another sender on its one device.
      await opened.db.transaction().execute(async (trx) => {
        await queueNotification(
          { trx, now: new Date() },
          {
            kind: 'item.outOfStock',
            eventKey: `pass-test:${label}`,
            userIds: people.map((p) => p.user.id),
            params: { itemId: 1, name: label },
          },
        );
        const held = await trx
          .selectFrom('notifications')
          .select('id')
          .where('event_key', '=', `pass-test:${label}`)
          .where('user_id', '=', userOf('held').id)
          .where('channel', '=', 'push')
          .executeTakeFirstOrThrow();
        const heldSub = await trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', userOf('held').id)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('push_deliveries')
          .values({
            notification_id: held.id,
            subscription_id: heldSub.id,
            status: 'sending',
            claimed_at: heldSince,
            sent_at: null,
          })
          .execute();
      });
      const rows = () =>
        opened.db
          .selectFrom('notifications')
          .select(['id', 'user_id', 'status', 'last_error'])
          .where('event_key', '=', `pass-test:${label}`)
          .where('channel', '=', 'push')
          .execute();
      // Recorded: each row sent, or told why not.
      const recorded = async () =>
        (await rows()).every((r) => r.status === 'sent' || r.last_error !== null);
      const until = Date.now() + 60_000;
      while (!(await recorded()) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const byRole = new Map(
        (await rows()).map((r) => [people.find((p) => p.user.id === r.user_id)!.role, r]),
      );
      expect(byRole.get('sent')).toMatchObject({ status: 'sent', last_error: null });
      expect(byRole.get('gone')).toMatchObject({
        status: 'skipped',
        last_error: 'every push subscription has expired',
      });
      expect(byRole.get('retried')).toMatchObject({
        status: 'pending',
        last_error: 'push service answered 500',
      });
      expect(byRole.get('held')).toMatchObject({
        status: 'pending',
        last_error: 'another sender holds a device',
      });
      expect(byRole.get('none')).toMatchObject({
        status: 'skipped',
        last_error: 'no push subscription',
      });
      const deliveries = await opened.db
        .selectFrom('push_deliveries')
        .innerJoin('notifications', 'notifications.id', 'push_deliveries.notification_id')
        .select(['notifications.user_id', 'push_deliveries.status', 'push_deliveries.claimed_at'])
        .where('notifications.event_key', '=', `pass-test:${label}`)
        .execute();
      const deliveryOf = (role: string) => deliveries.filter((d) => d.user_id === userOf(role).id);
      expect(deliveryOf('sent').map((d) => d.status)).toEqual(['sent']);
      expect(deliveryOf('gone')).toEqual([]); // its subscription went, and the claim with it
      expect(deliveryOf('retried')).toEqual([]); // released: the retry sends again
      expect(deliveryOf('held')).toMatchObject([{ status: 'sending', claimed_at: heldSince }]);
      const subs = await opened.db
        .selectFrom('push_subscriptions')
        .select(['user_id', 'last_success_at'])
        .where(
          'user_id',
          'in',
          people.map((p) => p.user.id),
        )
        .execute();
      const subOf = (role: string) => subs.filter((s) => s.user_id === userOf(role).id);
      expect(subOf('gone')).toEqual([]);
      expect(subOf('sent')[0]?.last_success_at).not.toBeNull();
      expect(subOf('retried')[0]?.last_success_at).toBeNull();
      expect(deliveredWith('pass-sent', label)).toHaveLength(1);
      expect(receiver.attempts.filter((a) => a.name === 'pass-held')).toEqual([]);
      expect(receiver.attempts.filter((a) => a.name === 'pass-gone')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'a connection dropped before the answer is tried again at once, not after the back-off',
    async () => {
      const user = await createSignedInUser(opened.db);
      await subscribe(user, 'dropped');
      receiver.answer('dropped', { status: 0, reset: true });
      await queue(user.id, 'after-drop');
      // The worker's first back-off is 30 s: within 10 s only the immediate second try delivers.
      await receiver.waitFor(() => deliveredWith('dropped', 'after-drop').length === 1, 10_000);
      expect(receiver.attempts.filter((a) => a.name === 'dropped')).toHaveLength(2);
    },
    SLOW,
  );

  it(
    '429 and 500 are retried after Retry-After: delivered once, the other device not again',
    async () => {
      const user = await createSignedInUser(opened.db);
      await subscribe(user, 'flaky');
      await subscribe(user, 'steady');
      receiver.answer('flaky', { status: 429, retryAfter: '1' }, { status: 500, retryAfter: '1' });
      await queue(user.id, 'retried');
      await receiver.waitFor(() => deliveredWith('flaky', 'retried').length === 1, 60_000);
      const tries = receiver.attempts.filter((a) => a.name === 'flaky');
      expect(tries.map((a) => a.status)).toEqual([429, 500, 201]);
      await queue(user.id, 'barrier-of-retry');
      await receiver.waitFor(() => deliveredWith('flaky', 'barrier-of-retry').length === 1);
      expect(deliveredWith('steady', 'retried')).toHaveLength(1);
      expect(deliveredWith('flaky', 'retried')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'a kill and restart between queueing and sending loses nothing and sends nothing twice',
    async () => {
      const user = await createSignedInUser(opened.db);
      await subscribe(user, 'restart');
      await queue(user.id, 'before-kill');
      await receiver.waitFor(() => deliveredWith('restart', 'before-kill').length === 1);
      const port = server.port;
      await server.stop('SIGKILL');
      const labels = Array.from({ length: 5 }, (_, i) => `while-down-${i}-x`);
      for (const label of labels) await queue(user.id, label);
      server = await start(port);
      await receiver.waitFor(() => labels.every((l) => deliveredWith('restart', l).length > 0));
      await queue(user.id, 'after-restart');
      await receiver.waitFor(() => deliveredWith('restart', 'after-restart').length === 1);
      for (const label of [...labels, 'before-kill']) {
        expect(deliveredWith('restart', label), label).toHaveLength(1);
      }
    },
    SLOW,
  );

  // On its own SQLite database, so once is enough.
  it.runIf(dialect === 'sqlite')(
    'verifies TLS: a server that does not trust the receiver’s certificate sends nothing',
    async () => {
      // No NODE_EXTRA_CA_CERTS: the system CAs alone.
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-push-untrusted-'));
      const other = openDatabase(undefined, otherDir);
      const untrusting = await startServerProcess({
        dataDir: otherDir,
        env: { PUSH_HOSTS: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100' },
      });
      try {
        const user = await createSignedInUser(other.db);
        await subscribe(user, 'untrusted', untrusting.baseUrl);
        await other.db.transaction().execute((trx) =>
          queueNotification(
            { trx, now: new Date() },
            {
              kind: 'item.outOfStock',
              eventKey: 'h2-test:untrusted',
              userIds: [user.id],
              params: { itemId: 2, name: 'untrusted' },
            },
          ),
        );
        const lastError = () =>
          other.db
            .selectFrom('notifications')
            .select(['status', 'last_error'])
            .where('user_id', '=', user.id)
            .where('channel', '=', 'push')
            .executeTakeFirstOrThrow();
        let row = await lastError();
        for (let i = 0; i < 300 && row.last_error === null; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          row = await lastError();
        }
        expect(row.status).toBe('pending');
        expect(row.last_error).toMatch(/certificate/i);
        expect(receiver.attempts.filter((a) => a.name === 'untrusted')).toEqual([]);
      } finally {
        await untrusting.stop();
        await other.db.destroy();
        fs.rmSync(otherDir, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  it.runIf(dialect === 'postgres')(
    'two server processes on one PostgreSQL send each notification once',
    async () => {
      const second = await start();
      extraServers.push(second);
      const user = await createSignedInUser(opened.db);
      await subscribe(user, 'two-processes', second.baseUrl);
      const labels = Array.from({ length: 30 }, (_, i) => `pair-${i}-x`);
      await Promise.all(labels.map((label) => queue(user.id, label)));
      await receiver.waitFor(() =>
        labels.every((l) => deliveredWith('two-processes', l).length > 0),
      );
      await queue(user.id, 'pair-barrier');
      await receiver.waitFor(() => deliveredWith('two-processes', 'pair-barrier').length === 1);
      for (const label of labels) {
        expect(deliveredWith('two-processes', label), label).toHaveLength(1);
      }
    },
    SLOW,
  );
});
