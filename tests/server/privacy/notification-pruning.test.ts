// The retention sweep prunes the notification queue (issue 19 review, gap 4), on a clock
// moved forward: finished rows ('sent', 'failed', 'skipped') queued more than RETENTION_DAYS
// ago go with their push_deliveries; rows not finished stay, recent ones stay, and a reminder
// stays until the start it reminds of has passed — the reminder scan finds it by its key and
// would otherwise remind again. Rows are written directly with the times the test needs.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import type { NotificationStatus } from '#server/db/schema';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, createSignup, createTestRound } from '../../support/factories.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function row(
  db: Db,
  userId: number,
  fields: { status: NotificationStatus; createdAt: Date; kind?: string; eventKey?: string },
): Promise<number> {
  const created = fields.createdAt.toISOString();
  const inserted = await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      kind: fields.kind ?? 'application.new',
      event_key: fields.eventKey ?? `test.prune:${randomUUID()}`,
      channel: 'push',
      params: '{"applicationId":1}',
      due_at: created,
      status: fields.status,
      attempts: 1,
      next_attempt_at: created,
      created_at: created,
      sent_at: fields.status === 'sent' ? created : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

describe.each(testDialects())('the retention sweep prunes notifications (%s)', (dialect) => {
  let now = new Date();
  const server = useTestServer(dialect, {
    retentionDays: 30,
    clock: () => now,
    notificationWorker: false,
  });
  const db = () => server.app.ctx.opened.db;
  const left = async (ids: number[]) =>
    (await db().selectFrom('notifications').select('id').where('id', 'in', ids).execute())
      .map((r) => r.id)
      .sort((a, b) => a - b);

  it('removes finished rows past retention with their deliveries, keeps the rest', async () => {
    const user = await createSignedInUser(db(), { password: null });
    const roundId = await createTestRound(db(), { startsInMs: 60 * DAY });
    const start = (
      await db()
        .selectFrom('rounds')
        .select('start_time')
        .where('id', '=', roundId)
        .executeTakeFirstOrThrow()
    ).start_time;
    const signupId = await createSignup(db(), roundId, user.id, 'CONFIRMED');
    // The sweep runs 12 hours before the round: within the reminder window.
    now = new Date(new Date(start).getTime() - 12 * HOUR);
    const old = new Date(now.getTime() - 31 * DAY);
    const recent = new Date(now.getTime() - 29 * DAY);
    const sentOld = await row(db(), user.id, { status: 'sent', createdAt: old });
    const failedOld = await row(db(), user.id, { status: 'failed', createdAt: old });
    const skippedOld = await row(db(), user.id, { status: 'skipped', createdAt: old });
    const pendingOld = await row(db(), user.id, { status: 'pending', createdAt: old });
    const sendingOld = await row(db(), user.id, { status: 'sending', createdAt: old });
    const sentRecent = await row(db(), user.id, { status: 'sent', createdAt: recent });
    // Reminders queued long ago (the test's shortcut: a real one is queued within
    // REMINDER_HOURS of its start), both sent: one for a round that started, one for the round
    // ahead, which the reminder scan looks for by its key.
    const pastStart = new Date(now.getTime() - 20 * DAY).toISOString();
    const reminderPast = await row(db(), user.id, {
      status: 'sent',
      createdAt: old,
      kind: 'round.reminder',
      eventKey: `round.reminder:signup:${signupId + 1000}:${pastStart}`,
    });
    const reminderAhead = await row(db(), user.id, {
      status: 'sent',
      createdAt: old,
      kind: 'round.reminder',
      eventKey: `round.reminder:signup:${signupId}:${start}`,
    });
    const sub = await db()
      .insertInto('push_subscriptions')
      .values({
        user_id: user.id,
        endpoint: `https://push.example.org/${randomUUID()}`,
        p256dh: 'key',
        auth: 'auth',
        created_at: old.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const notificationId of [sentOld, sentRecent]) {
      await db()
        .insertInto('push_deliveries')
        .values({
          notification_id: notificationId,
          subscription_id: sub.id,
          status: 'sent',
          claimed_at: old.toISOString(),
          sent_at: old.toISOString(),
        })
        .execute();
    }
    const all = [
      sentOld,
      failedOld,
      skippedOld,
      pendingOld,
      sendingOld,
      sentRecent,
      reminderPast,
      reminderAhead,
    ];

    await server.app.retentionSweeper.run(null);
    expect(await left(all)).toEqual(
      [pendingOld, sendingOld, sentRecent, reminderAhead].sort((a, b) => a - b),
    );
    const deliveries = await db()
      .selectFrom('push_deliveries')
      .select('notification_id')
      .where('subscription_id', '=', sub.id)
      .execute();
    expect(deliveries.map((d) => d.notification_id)).toEqual([sentRecent]);
    // The reminder scan, due for that round now, does not queue the kept reminder again.
    expect(await server.app.notifications.scheduleReminders()).toBe(0);

    // Once the round has started (and the recent row is past retention), they go too.
    now = new Date(new Date(start).getTime() + DAY);
    await server.app.retentionSweeper.run(null);
    expect(await left(all)).toEqual([pendingOld, sendingOld].sort((a, b) => a - b));
    expect(
      await db()
        .selectFrom('push_deliveries')
        .select('notification_id')
        .where('subscription_id', '=', sub.id)
        .execute(),
    ).toEqual([]);
  });
});
