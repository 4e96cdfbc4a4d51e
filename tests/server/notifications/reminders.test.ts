// Event 1: a reminder REMINDER_HOURS before a round to each CONFIRMED volunteer, found by the
// worker's scheduler on the server's clock (moved here, no sleeping). The reminder's key holds
// the round's start: a moved round is reminded at its new time (the old reminder is skipped),
// a cancelled one not at all.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, createSignup, createTestRound } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import type { SignedInUser } from '../../support/factories.ts';
import { adminBody } from '../rounds/rounds-helpers.ts';
import { queued } from './notify-helpers.ts';
import { decodedBody, headerOf, startInbox, type Inbox } from '../../support/smtp-inbox.ts';

const HOUR = 3_600_000;

describe.each(testDialects())('round reminders (%s)', (dialect) => {
  let inbox: Inbox;
  let now = new Date();
  let smtpUrl = '';
  beforeAll(async () => {
    inbox = await startInbox();
    smtpUrl = inbox.url;
  });
  afterAll(async () => {
    await inbox.close();
  });
  const server = useTestServer(dialect, {
    notificationWorker: false,
    reminderHours: 24,
    clock: () => now,
    get smtpUrl() {
      return smtpUrl;
    },
  });
  const db = () => server.app.ctx.opened.db;
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await createSignedInUser(db(), { role: 'ADMIN', password: null });
  });

  async function confirmedOn(startsInMs: number) {
    const person = await createSignedInUser(db(), {
      role: 'VOLUNTEER',
      password: null,
      emailVerified: true,
    });
    const title = `Round ${randomUUID().slice(0, 8)}`;
    const roundId = await createTestRound(db(), { startsInMs, title });
    const signupId = await createSignup(db(), roundId, person.id, 'CONFIRMED');
    const round = await db()
      .selectFrom('rounds')
      .select('start_time')
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    return { person, roundId, signupId, title, start: new Date(round.start_time) };
  }
  const remindersOf = async (signupId: number) =>
    (await queued(db(), 'round.reminder')).filter((r) =>
      r.event_key.startsWith(`round.reminder:signup:${signupId}:`),
    );
  const reminderMails = (email: string) =>
    inbox.mails.filter(
      (m) => m.to.includes(email) && (headerOf(m.data, 'Subject') ?? '').includes('Reminder:'),
    );
  const at = (time: Date) => {
    now = time;
  };
  /** The admin moves the round to start at `start` (two hours long), as the admin screen does. */
  async function moveRound(roundId: number, start: Date): Promise<void> {
    const moved = await call(server.app, 'PUT', `/api/admin/rounds/${String(roundId)}`, {
      as: admin,
      body: adminBody(admin, {
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 2 * HOUR).toISOString(),
      }),
    });
    expect(moved.statusCode).toBe(200);
  }

  it('is queued once the round is within REMINDER_HOURS, and mailed', async () => {
    at(new Date());
    const r = await confirmedOn(48 * HOUR);
    await server.app.notifications.scheduleReminders();
    expect(await remindersOf(r.signupId)).toEqual([]);
    at(new Date(r.start.getTime() - 23 * HOUR));
    await server.app.notifications.drain();
    const rows = await remindersOf(r.signupId);
    expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'push']);
    expect(rows[0]?.event_key).toBe(`round.reminder:signup:${r.signupId}:${r.start.toISOString()}`);
    const mails = reminderMails(r.person.email);
    expect(mails).toHaveLength(1);
    expect(decodedBody(mails[0]?.data ?? '')).toContain(r.title);
    // The next passes find it reminded already.
    await server.app.notifications.drain();
    expect(await remindersOf(r.signupId)).toHaveLength(2);
    expect(reminderMails(r.person.email)).toHaveLength(1);
  });

  it('a moved round is reminded at its new time; the reminder of the old time is skipped', async () => {
    at(new Date());
    const r = await confirmedOn(48 * HOUR);
    at(new Date(r.start.getTime() - 23 * HOUR));
    expect(await server.app.notifications.scheduleReminders()).toBeGreaterThanOrEqual(1);
    const newStart = new Date(Date.now() + 96 * HOUR);
    await moveRound(r.roundId, newStart);
    await server.app.notifications.drain();
    const old = await remindersOf(r.signupId);
    expect(old.map((row) => row.status)).toEqual(['skipped', 'skipped']);
    expect(reminderMails(r.person.email)).toHaveLength(0);

    at(new Date(newStart.getTime() - 23 * HOUR));
    await server.app.notifications.drain();
    const rows = await remindersOf(r.signupId);
    const fresh = rows.filter((row) => row.event_key.endsWith(newStart.toISOString()));
    expect(fresh.map((row) => row.status).sort()).toEqual(['sent', 'skipped']); // push: none set up
    expect(reminderMails(r.person.email)).toHaveLength(1);
  });

  it('a pass holding both reminders of a round moved within the window sends only the new one', async () => {
    at(new Date());
    const r = await confirmedOn(48 * HOUR);
    at(new Date(r.start.getTime() - 23 * HOUR));
    expect(await server.app.notifications.scheduleReminders()).toBeGreaterThanOrEqual(1);
    // Moved half an hour later, still inside the window: the next pass queues the new reminder and
    // claims it together with the old one (the stale check reads the pass's reminders at once).
    const newStart = new Date(r.start.getTime() + HOUR / 2);
    await moveRound(r.roundId, newStart);
    await server.app.notifications.drain();
    const rows = await remindersOf(r.signupId);
    const statusesAt = (start: Date) =>
      rows
        .filter((row) => row.event_key.endsWith(start.toISOString()))
        .map((row) => row.status)
        .sort();
    expect(statusesAt(r.start)).toEqual(['skipped', 'skipped']);
    expect(statusesAt(newStart)).toEqual(['sent', 'skipped']); // push: none set up
    expect(reminderMails(r.person.email)).toHaveLength(1);
  });

  it('a cancelled round is not reminded, whether cancelled before or after the queueing', async () => {
    at(new Date());
    const before = await confirmedOn(48 * HOUR);
    const after = await confirmedOn(48 * HOUR);
    const cancel = (roundId: number) =>
      call(server.app, 'PUT', `/api/admin/rounds/${roundId}/cancel`, {
        as: admin,
        body: adminBody(admin),
      });
    expect((await cancel(before.roundId)).statusCode).toBe(200);
    at(new Date(after.start.getTime() - 23 * HOUR));
    await server.app.notifications.scheduleReminders();
    expect(await remindersOf(before.signupId)).toEqual([]);
    expect(await remindersOf(after.signupId)).toHaveLength(2);
    expect((await cancel(after.roundId)).statusCode).toBe(200);
    await server.app.notifications.drain();
    expect((await remindersOf(after.signupId)).map((row) => row.status)).toEqual([
      'skipped',
      'skipped',
    ]);
    expect(reminderMails(before.person.email)).toHaveLength(0);
    expect(reminderMails(after.person.email)).toHaveLength(0);
  });
});
