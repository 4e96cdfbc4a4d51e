// Rows left mid-send (issue 19 review, gap 3): a worker killed while its rows are 'sending'
// leaves them leased; once the lease has run out the next worker pass takes them over and
// each mail leaves once (the tests' real SMTP inbox), and a row whose lease still runs is not
// touched. The rows' state is written directly in the database, as the dead worker's claim
// left it; the server's injected clock moves time past the lease instead of sleeping.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { queueNotification } from '#server/notifications/notifications.service';
import { WORKER_DEFAULTS } from '#server/notifications/notification-worker';
import { createPostgresDatabase, testDialects } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { startInbox, type Inbox } from '../../support/smtp-inbox.ts';
import { queued } from './notify-helpers.ts';

describe.each(testDialects())('rows left mid-send by a dead worker (%s)', (dialect) => {
  let inbox: Inbox;
  let app: FastifyInstance;
  let dataDir: string;
  let pgDb: { url: string; drop: () => Promise<void> } | undefined;
  /** The server's clock: starts now, moved forward by the test. */
  let now = new Date();
  const db = () => app.ctx.opened.db;

  beforeAll(async () => {
    inbox = await startInbox();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-lease-'));
    pgDb = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    app = await buildApp({
      ...loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        STATIC_DIR: path.join(dataDir, 'no-build'),
        PUBLIC_URL: 'https://supply.example.org',
      }),
      databaseUrl: pgDb?.url,
      smtpUrl: inbox.url,
      notificationWorker: false,
      clock: () => now,
    });
  });
  afterAll(async () => {
    await app.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await inbox.close();
  });

  const mailsTo = (email: string) => inbox.mails.filter((m) => m.to.includes(email));

  /** Queues an event to `people` and leaves its mail rows as a claim made at `claimedAt`. */
  async function leftSending(people: readonly { id: number }[], claimedAt: Date) {
    const eventKey = `test.lease:${randomUUID()}`;
    await db()
      .transaction()
      .execute((trx) =>
        queueNotification(
          { trx, now: claimedAt },
          {
            kind: 'application.new',
            eventKey,
            userIds: people.map((p) => p.id),
            params: { applicationId: 7 },
          },
        ),
      );
    const lease = new Date(claimedAt.getTime() + WORKER_DEFAULTS.leaseMs).toISOString();
    await db()
      .updateTable('notifications')
      .set({ status: 'sending', attempts: 1, next_attempt_at: lease })
      .where('event_key', '=', eventKey)
      .execute();
    return eventKey;
  }

  it('takes over rows whose lease ran out and mails each person once', async () => {
    const people = await Promise.all(
      [1, 2, 3].map(() => createSignedInUser(db(), { password: null, emailVerified: true })),
    );
    // The dead worker claimed them 3 minutes ago: their 2-minute lease is over.
    const eventKey = await leftSending(people, new Date(now.getTime() - 3 * 60_000));

    expect(await app.notifications.drain()).toBe(6); // 3 mails + 3 pushes (no device: skipped)
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(1);
    const rows = (await queued(db())).filter((r) => r.event_key === eventKey);
    expect(rows.filter((r) => r.channel === 'email').map((r) => [r.status, r.attempts])).toEqual(
      people.map(() => ['sent', 2]),
    );
    // Nothing is sent again, by this pass or a later one.
    now = new Date(now.getTime() + 60 * 60_000);
    expect(await app.notifications.drain()).toBe(0);
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(1);
  });

  it('leaves rows alone while their lease runs, then sends them once', async () => {
    const person = await createSignedInUser(db(), { password: null, emailVerified: true });
    // Claimed a minute ago by a worker that may still be sending.
    const eventKey = await leftSending([person], new Date(now.getTime() - 60_000));

    expect(await app.notifications.drain()).toBe(0);
    expect(mailsTo(person.email)).toHaveLength(0);
    const stillLeased = (await queued(db())).filter((r) => r.event_key === eventKey);
    expect(stillLeased.map((r) => r.status)).toEqual(['sending', 'sending']);

    // 61 s later the lease has run out: taken over, mailed once.
    now = new Date(now.getTime() + 61_000);
    expect(await app.notifications.drain()).toBe(2);
    expect(mailsTo(person.email)).toHaveLength(1);
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await app.notifications.drain()).toBe(0);
    expect(mailsTo(person.email)).toHaveLength(1);
  });
});
