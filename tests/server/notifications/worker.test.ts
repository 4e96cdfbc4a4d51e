// The worker sends what the queue holds: mail through a real SMTP server (both parts, the
// signed opt-out link and RFC 8058 headers), preferences respected, nothing lost or sent twice
// across a restart, each row once with two app instances on one PostgreSQL database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig, type ServerConfig } from '#server/config';
import type { DialectName } from '#server/db/kysely';
import { queueNotification } from '#server/notifications/notifications.service';
import { createPostgresDatabase, testDialects } from '../../support/build-app.ts';
import { createSignedInUser, createSignup, createTestRound } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { adminBody } from '../rounds/rounds-helpers.ts';
import { queued } from './notify-helpers.ts';
import { decodedBody, headerOf, startInbox, type Inbox } from '../../support/smtp-inbox.ts';

/** A database that outlives the apps built on it (a restart, a second process). */
async function sharedDatabase(dialect: DialectName, smtpUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-notify-'));
  const pgDb = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const config: ServerConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      STATIC_DIR: path.join(dataDir, 'no-build'),
      PUBLIC_URL: 'https://supply.example.org',
      RATE_LIMIT_SCALE: '100',
    }),
    databaseUrl: pgDb?.url,
    smtpUrl,
    notificationWorker: false,
  };
  return {
    config,
    build: (overrides: Partial<ServerConfig> = {}) => buildApp({ ...config, ...overrides }),
    async drop() {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(testDialects())('the notification worker (%s)', (dialect) => {
  let inbox: Inbox;
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;
  let app: FastifyInstance;
  const db = () => app.ctx.opened.db;

  beforeAll(async () => {
    inbox = await startInbox();
    shared = await sharedDatabase(dialect, inbox.url);
    app = await shared.build();
  });
  afterAll(async () => {
    await app.close();
    await shared.drop();
    await inbox.close();
  });

  const volunteer = (emailVerified = true) =>
    createSignedInUser(db(), { role: 'VOLUNTEER', password: null, emailVerified });
  const mailsTo = (email: string) => inbox.mails.filter((m) => m.to.includes(email));

  it('mails a confirmed sign-up with a text and an HTML part and a working opt-out', async () => {
    const admin = await createSignedInUser(db(), { role: 'ADMIN', password: null });
    const person = await volunteer();
    // Three days ahead: outside the reminder window, so the one mail is the confirmation.
    const roundId = await createTestRound(db(), {
      title: 'Bridge <run> & co',
      maxParticipants: 1,
      startsInMs: 3 * 86_400_000,
    });
    const signupId = await createSignup(db(), roundId, person.id, 'WAITLISTED');
    const confirm = await call(app, 'PUT', `/api/admin/rounds/signup/${signupId}/confirm`, {
      as: admin,
      body: adminBody(admin, { adminId: admin.id }),
    });
    expect(confirm.statusCode).toBe(200);
    await app.notifications.drain();

    const mails = mailsTo(person.email);
    expect(mails).toHaveLength(1);
    const raw = mails[0]?.data ?? '';
    expect(headerOf(raw, 'Subject')).toContain("You're in: Bridge <run> & co");
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    const body = decodedBody(raw);
    // The HTML part escapes the title; the plain part carries it as typed.
    expect(body).toContain('Bridge &lt;run&gt; &amp; co');
    expect(body).not.toContain('<h1 style="font-size:1.2em">Bridge <run>');
    expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<([^>]+)>$/.exec(headerOf(raw, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    expect(oneClick).toMatch(
      /^https:\/\/supply\.example\.org\/api\/notifications\/unsubscribe\?token=/,
    );
    const page = /https:\/\/supply\.example\.org\/unsubscribe\?token=([^\s"<]+)/.exec(body);
    const token = decodeURIComponent(page?.[1] ?? '');
    expect(new URL(oneClick).searchParams.get('token')).toBe(token);
    const rows = await queued(db(), 'signup.confirmed');
    expect(rows.find((r) => r.channel === 'email' && r.user_id === person.id)?.status).toBe('sent');

    // A forged token (another user's id, or a changed signature) is refused.
    const [, signature] = token.split('.');
    const forged = await call(app, 'POST', '/api/notifications/unsubscribe', {
      body: { token: `${admin.id}.${signature}` },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ message: string }>().message).toBe('token: is not a valid link');
    const prefsOf = async () =>
      (await call(app, 'GET', '/api/notifications/preferences', { as: person })).json<{
        push: boolean;
        email: boolean;
      }>();
    expect(await prefsOf()).toMatchObject({ push: true, email: true });

    // A mail client that opens the header's URL in a browser (a GET) is sent to the app's
    // page with the token, and nothing is turned off: link scanners GET every URL.
    const opened = new URL(oneClick);
    const browserGet = await app.inject({
      method: 'GET',
      url: `${opened.pathname}${opened.search}`,
    });
    expect(browserGet.statusCode).toBe(303);
    expect(browserGet.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await prefsOf()).toMatchObject({ push: true, email: true });

    // RFC 8058: the mail client posts the form to the header's URL, no sign-in, no JSON.
    const url = new URL(oneClick);
    const oneClickPost = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClickPost.statusCode).toBe(200);
    expect(await prefsOf()).toMatchObject({ push: true, email: false });
    // The app's /unsubscribe screen posts the token as JSON: the same, again.
    const fromScreen = await call(app, 'POST', '/api/notifications/unsubscribe', {
      body: { token },
    });
    expect(fromScreen.statusCode).toBe(200);
  });

  it('mail off, or an email not proven, means no mail; preferences read back', async () => {
    const off = await volunteer();
    const unproven = await volunteer(false);
    const put = await call(app, 'PUT', '/api/notifications/preferences', {
      as: off,
      body: { push: true, email: false },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(put.statusCode).toBe(200);
    const bad = await call(app, 'PUT', '/api/notifications/preferences', {
      as: off,
      body: { push: 'yes', email: false },
    });
    expect(bad.statusCode).toBe(400);
    const got = await call(app, 'GET', '/api/notifications/preferences', { as: off });
    expect(got.json()).toMatchObject({ status: 'success', push: true, email: false });

    const eventKey = `test.event:${randomUUID()}`;
    await db()
      .transaction()
      .execute((trx) =>
        queueNotification(
          { trx, now: new Date() },
          {
            kind: 'order.completed',
            eventKey,
            userIds: [off.id, unproven.id],
            params: { orderId: 7 },
          },
        ),
      );
    await app.notifications.drain();
    expect(mailsTo(off.email)).toHaveLength(0);
    expect(mailsTo(unproven.email)).toHaveLength(0);
    const rows = (await queued(db())).filter(
      (r) => r.channel === 'email' && r.event_key === eventKey,
    );
    expect(rows.map((r) => [r.status, r.last_error]).sort()).toEqual([
      ['skipped', 'email not proven'],
      ['skipped', 'email turned off'],
    ]);
  });

  it('a restart between queueing and sending loses nothing and sends nothing twice', async () => {
    const people = await Promise.all([volunteer(), volunteer(), volunteer()]);
    const eventKey = `test.restart:${randomUUID()}`;
    await db()
      .transaction()
      .execute((trx) =>
        queueNotification(
          { trx, now: new Date() },
          {
            kind: 'application.new',
            eventKey,
            userIds: people.map((p) => p.id),
            params: { applicationId: 1 },
          },
        ),
      );
    await app.close();
    app = await shared.build();
    expect(await app.notifications.drain()).toBeGreaterThanOrEqual(6);
    await app.notifications.drain();
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(1);
    // And once more after another restart: all done, nothing goes again.
    await app.close();
    app = await shared.build();
    expect(await app.notifications.drain()).toBe(0);
    for (const p of people) expect(mailsTo(p.email)).toHaveLength(1);
  });
});

describe.skipIf(!testDialects().includes('postgres'))('two app instances on one PostgreSQL', () => {
  it('send each notification once while both workers run', async () => {
    const inbox = await startInbox();
    const shared = await sharedDatabase('postgres', inbox.url);
    const first = await shared.build();
    const second = await shared.build();
    try {
      const db = first.ctx.opened.db;
      const people: { id: number }[] = [];
      for (let i = 0; i < 150; i += 1) {
        people.push(await createSignedInUser(db, { password: null, emailVerified: true }));
      }
      await db.transaction().execute((trx) =>
        queueNotification(
          { trx, now: new Date() },
          {
            kind: 'application.new',
            eventKey: 'test.two-instances',
            userIds: people.map((p) => p.id),
            params: { applicationId: 1 },
          },
        ),
      );
      const [a, b] = await Promise.all([first.notifications.drain(), second.notifications.drain()]);
      expect(a + b).toBe(300);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
      expect(inbox.mails).toHaveLength(150);
      const to = inbox.mails.flatMap((m) => m.to).sort();
      expect(new Set(to).size).toBe(150);
      const rows = await queued(db);
      expect(rows.filter((r) => r.channel === 'email').every((r) => r.status === 'sent')).toBe(
        true,
      );
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await first.close();
      await second.close();
      await shared.drop();
      await inbox.close();
    }
  });
});

describe.each(testDialects())('the worker running in the app (%s)', (dialect) => {
  it('sends after the commit without being asked, and stops cleanly at close', async () => {
    const inbox = await startInbox();
    const shared = await sharedDatabase(dialect, inbox.url);
    const app = await shared.build({ notificationWorker: true });
    try {
      const admin = await createSignedInUser(app.ctx.opened.db, { role: 'ADMIN', password: null });
      const person = await createSignedInUser(app.ctx.opened.db, {
        role: 'VOLUNTEER',
        password: null,
        emailVerified: true,
      });
      const roundId = await createTestRound(app.ctx.opened.db, {
        maxParticipants: 1,
        startsInMs: 3 * 86_400_000,
      });
      await createSignup(app.ctx.opened.db, roundId, person.id, 'WAITLISTED');
      const lottery = await call(app, 'POST', `/api/admin/rounds/${roundId}/lottery`, {
        as: admin,
        body: adminBody(admin),
      });
      expect(lottery.statusCode).toBe(200);
      await expect
        .poll(() => inbox.mails.filter((m) => m.to.includes(person.email)).length, {
          timeout: 10_000,
        })
        .toBe(1);
    } finally {
      await app.close();
      await shared.drop();
      await inbox.close();
    }
    // Closed with nothing half-done: the one mail, not a second.
    expect(inbox.mails).toHaveLength(1);
  });
});
