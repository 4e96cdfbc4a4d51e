// A push row left mid-send by a dead worker (issue 19 review, gap 3), through the real server
// process and the push receiver of tests/support/push-receiver.ts (see push-delivery.test.ts):
// the notification row is 'sending' with its lease run out, and the dead worker's
// push_deliveries say one device got it ('sent'), one was claimed long ago and never answered
// ('sending'), and one was not reached. The server's worker takes the row over: the two
// devices missing it get it once, the one that had it gets nothing more. The state is written
// directly in the database, with times in the past (no sleeping past a lease).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDb } from '#server/db/kysely';
import { migrateToLatest } from '#server/db/migrate';
import { queueNotification } from '#server/notifications/notifications.service';
import { NOTIFICATION_PATHS } from '#shared/contracts/notifications';
import { startServerProcess, type ServerProcess } from '../../../scripts/lib/server-process.ts';
import { createPostgresDatabase, testDialects } from '../../support/build-app.ts';
import { createSignedInUser, type SignedInUser } from '../../support/factories.ts';
import {
  makeTestCertificate,
  startPushReceiver,
  type PushReceiver,
} from '../../support/push-receiver.ts';

/** Server processes start slowly on a loaded machine; a hang still fails. */
const SLOW = 180_000;

describe.each(testDialects())('a push row taken over after its lease (%s)', (dialect) => {
  let dataDir: string;
  let receiver: PushReceiver;
  let opened: OpenedDb;
  let pgDb: { url: string; drop: () => Promise<void> } | undefined;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-push-lease-'));
    const cert = makeTestCertificate(path.join(dataDir, 'tls'));
    receiver = await startPushReceiver(cert);
    pgDb = dialect === 'postgres' ? await createPostgresDatabase('streetmed_lease') : undefined;
    opened = openDatabase(pgDb?.url, dataDir);
    await migrateToLatest(opened);
    server = await startServerProcess({
      dataDir,
      ...(pgDb === undefined ? {} : { databaseUrl: pgDb.url }),
      env: {
        NODE_EXTRA_CA_CERTS: cert.certFile,
        PUSH_HOSTS: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '100',
      },
      logFile: path.join(dataDir, 'server.log'),
    });
    const res = await fetch(`${server.baseUrl}${NOTIFICATION_PATHS.pushPublicKey}`);
    receiver.expectKey(((await res.json()) as { publicKey: string }).publicKey);
  }, SLOW);

  afterAll(async () => {
    await (server as ServerProcess | undefined)?.stop();
    await (opened as OpenedDb | undefined)?.db.destroy();
    await (receiver as PushReceiver | undefined)?.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function subscribe(user: SignedInUser, name: string) {
    const res = await fetch(`${server.baseUrl}${NOTIFICATION_PATHS.pushSubscriptions}`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: receiver.subscription(name).json }),
    });
    expect(res.status).toBe(201);
  }

  const deliveredWith = (name: string, text: string) =>
    receiver.delivered(name).filter((a) => JSON.stringify(a.payload).includes(text));

  it(
    'sends once to each device still missing it, not again to the one that had it',
    async () => {
      const person = await createSignedInUser(opened.db, { role: 'ADMIN' });
      for (const name of ['had-it', 'claimed', 'unreached']) await subscribe(person, name);
      const subs = await opened.db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint'])
        .where('user_id', '=', person.id)
        .execute();
      const subId = (name: string) => {
        const endpoint = receiver.subscription(name).json.endpoint;
        const sub = subs.find((s) => s.endpoint === endpoint);
        if (sub === undefined) throw new Error(`no subscription ${name}`);
        return sub.id;
      };
      const label = `Lease ${randomBytes(3).toString('hex')}`;
      const claimedAt = new Date(Date.now() - 10 * 60_000).toISOString();
      const leaseEnded = new Date(Date.now() - 8 * 60_000).toISOString();
      // Queued and left as the dead worker's claim in one transaction: the server's worker
      // never sees the row pending.
      await opened.db.transaction().execute(async (trx) => {
        await queueNotification(
          { trx, now: new Date(claimedAt) },
          {
            kind: 'item.outOfStock',
            eventKey: `lease-test:${label}`,
            userIds: [person.id],
            params: { itemId: 1, name: label },
          },
        );
        await trx
          .updateTable('notifications')
          .set({ status: 'sending', attempts: 1, next_attempt_at: leaseEnded })
          .where('event_key', '=', `lease-test:${label}`)
          .execute();
        const row = await trx
          .selectFrom('notifications')
          .select('id')
          .where('event_key', '=', `lease-test:${label}`)
          .where('channel', '=', 'push')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('push_deliveries')
          .values([
            {
              notification_id: row.id,
              subscription_id: subId('had-it'),
              status: 'sent',
              claimed_at: claimedAt,
              sent_at: claimedAt,
            },
            {
              notification_id: row.id,
              subscription_id: subId('claimed'),
              status: 'sending',
              claimed_at: claimedAt,
              sent_at: null,
            },
          ])
          .execute();
      });

      await receiver.waitFor(
        () =>
          deliveredWith('claimed', label).length > 0 &&
          deliveredWith('unreached', label).length > 0,
      );
      // The row finished, whatever else the pass did.
      const finished = async () =>
        (
          await opened.db
            .selectFrom('notifications')
            .select('status')
            .where('event_key', '=', `lease-test:${label}`)
            .where('channel', '=', 'push')
            .executeTakeFirstOrThrow()
        ).status;
      const until = Date.now() + 30_000;
      while ((await finished()) === 'sending' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await finished()).toBe('sent');
      expect(deliveredWith('claimed', label)).toHaveLength(1);
      expect(deliveredWith('unreached', label)).toHaveLength(1);
      expect(deliveredWith('had-it', label)).toHaveLength(0);
      const deliveries = await opened.db
        .selectFrom('push_deliveries')
        .innerJoin('notifications', 'notifications.id', 'push_deliveries.notification_id')
        .select(['push_deliveries.subscription_id', 'push_deliveries.status'])
        .where('notifications.event_key', '=', `lease-test:${label}`)
        .execute();
      expect(deliveries.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
      expect(receiver.attempts.flatMap((a) => a.problems)).toEqual([]);
    },
    SLOW,
  );
});
