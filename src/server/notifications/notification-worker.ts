// The notification worker: sends the queued rows (notifications table), each once.
// - State lives in the table only, so a restart loses nothing: a row is 'pending' until a
//   worker claims it. A claim (a short job transaction; FOR UPDATE SKIP LOCKED on PostgreSQL,
//   so several processes share the queue and never take the same row) marks it 'sending' with
//   attempts + 1 and a lease; after the send it is 'sent', 'skipped' or 'failed', or 'pending'
//   again with a back-off. A row whose worker died mid-send is claimed again when its lease
//   ends (the one case a message may go twice: the send happened, its record did not).
// - Woken at once after a commit that queued something (app.ts: the request's onResponse
//   sees queuedSince() move), and polled every few seconds for rows other processes queued.
// - Reminders (event 1): every pass that is a poll looks for CONFIRMED sign-ups of rounds
//   starting within REMINDER_HOURS and queues one per sign-up and start time; at send time
//   the reminder is skipped when the round moved, was cancelled or the sign-up is no longer
//   CONFIRMED (the moved round has its own reminder, keyed by the new start).
// - A claimed batch goes together: what its rows need (recipients, the reminders' re-check, the
//   push channel's subscriptions and delivery claims) is read and written a query at a time
//   for the whole batch, not per row, and each channel's rows are recorded in one transaction
//   when that channel's sends end (the per-row statements were most of the worker's own cost).
// - close() stops the timers and waits for the pass in flight: every claimed row is recorded.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/kysely.ts';
import { inJobTransaction } from '../jobs/job-lock.ts';
import { recipientLanguage } from '../i18n/account-language.ts';
import { deliverByMail, type MailChannelDeps } from './mail-channel.ts';
import type {
  DeliveryOutcome,
  PushBatch,
  PushChannel,
  RenderedNotification,
} from './notification-channels.ts';
import { renderNotification } from './notification-texts.ts';
import {
  claimDue,
  findRecipients,
  finishNotifications,
  reminderCandidates,
  remindersStillHolding,
  type NotificationChange,
} from './notifications.repository.ts';
import { queueNotification } from './notifications.service.ts';
import type { ClaimedNotification, Recipient } from './notifications.types.ts';

export const WORKER_DEFAULTS = {
  /** Rows claimed (and sent concurrently) per pass. */
  batch: 100,
  /** How often the queue is looked at without a wake-up (rows of other processes, reminders). */
  pollMs: 3_000,
  /** A claim's lease: a row still 'sending' after it is claimed again. */
  leaseMs: 2 * 60_000,
  /** Tries before a row is 'failed'. */
  maxAttempts: 6,
  /** The first retry's wait; each next one waits 4 times longer, up to maxBackoffMs. */
  firstBackoffMs: 30_000,
  maxBackoffMs: 6 * 60 * 60_000,
  /** Reminder sign-ups queued per scheduler pass (the next pass takes the rest). */
  reminderBatch: 500,
} as const;

export interface WorkerDeps {
  db: Db;
  rowLocks: boolean;
  clock: () => Date;
  reminderHours: number;
  /** The group's IANA time zone, for the times a notification names (config.timeZone). */
  timeZone: string;
  /** Built on first use (its token key is read from the database). */
  mail: () => Promise<MailChannelDeps>;
  /** app.ctx.pushChannel when the push side registered one, read at each send. */
  pushChannel: () => PushChannel | undefined;
  log: FastifyBaseLogger;
  options?: Partial<typeof WORKER_DEFAULTS>;
}

export interface NotificationWorker {
  /** Start the poll timer (app onReady). */
  start(): void;
  /** Run a pass soon (after a commit that queued rows); passes never overlap. */
  wake(): void;
  /** Reminders, then passes until nothing is due now; resolves to the rows finished. */
  drain(): Promise<number>;
  /** Queue the reminders due now; resolves to the sign-ups reminded. */
  scheduleReminders(): Promise<number>;
  /** Stop the timers and wait for the pass in flight. */
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;

/** Each row's outcome by its id, as a pass learns them. */
type Outcomes = Map<number, DeliveryOutcome>;

/** A row to send, its person and its words. */
interface Composed {
  row: ClaimedNotification;
  recipient: Recipient;
  message: RenderedNotification;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createNotificationWorker(deps: WorkerDeps): NotificationWorker {
  const o = { ...WORKER_DEFAULTS, ...deps.options };
  const { db, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let remindersDue = true;
  // Read through calls: close() and wake() change these while a pass awaits.
  const isStopped = () => stopped;
  const wokenAgain = () => again;

  async function scheduleReminders(): Promise<number> {
    const now = deps.clock();
    const until = new Date(now.getTime() + deps.reminderHours * HOUR_MS);
    const outcome = await inJobTransaction(
      db,
      'notification-reminders',
      { wait: false },
      async (trx) => {
        const found = await reminderCandidates(
          trx,
          now.toISOString(),
          until.toISOString(),
          o.reminderBatch,
        );
        for (const c of found) {
          await queueNotification(
            { trx, now },
            {
              kind: 'round.reminder',
              eventKey: `round.reminder:signup:${c.signupId}:${c.startTime}`,
              userIds: [c.userId],
              params: {
                roundId: c.roundId,
                signupId: c.signupId,
                title: c.title,
                startTime: c.startTime,
                location: c.location,
              },
            },
          );
        }
        return found.length;
      },
    );
    return outcome.ran ? outcome.value : 0;
  }

  async function claim(): Promise<ClaimedNotification[]> {
    const now = deps.clock();
    const lease = new Date(now.getTime() + o.leaseMs).toISOString();
    const outcome = await inJobTransaction(db, 'notifications', { wait: true }, (trx) =>
      claimDue(trx, now.toISOString(), lease, o.batch, deps.rowLocks),
    );
    return outcome.ran ? outcome.value : [];
  }

  /** Rows this code cannot word fail; the rest with their params. */
  function readParams(rows: readonly ClaimedNotification[], outcomes: Outcomes) {
    const readable: { row: ClaimedNotification; params: unknown }[] = [];
    for (const row of rows) {
      try {
        const params: unknown = JSON.parse(row.params);
        renderNotification(row.kind, params, 'en'); // a row this code cannot word fails first
        readable.push({ row, params });
      } catch (err) {
        outcomes.set(row.id, { kind: 'failed', reason: errorText(err) });
      }
    }
    return readable;
  }

  /** Reminders that no longer hold are skipped (one query for the pass's reminders). */
  async function skipStaleReminders(
    readable: readonly { row: ClaimedNotification; params: unknown }[],
    outcomes: Outcomes,
  ): Promise<void> {
    const now = deps.clock();
    const ahead: { id: number; signupId: number; startTime: string }[] = [];
    for (const { row, params } of readable) {
      if (row.kind !== 'round.reminder') continue;
      const { signupId, startTime } = params as { signupId: number; startTime: string };
      if (new Date(startTime) <= now) {
        outcomes.set(row.id, { kind: 'skipped', reason: 'the round has started' });
      } else {
        ahead.push({ id: row.id, signupId, startTime });
      }
    }
    const holding = new Set((await remindersStillHolding(db, ahead)).map((r) => r.id));
    for (const r of ahead) {
      if (holding.has(r.id)) continue;
      outcomes.set(r.id, {
        kind: 'skipped',
        reason: 'the round moved or was cancelled, or the sign-up is not confirmed',
      });
    }
  }

  /**
   * The pass's rows still to send, worded for their people: recipients read in one query, in
   * the language each has now (issue 21: a choice made since the row was queued counts).
   */
  async function compose(rows: readonly ClaimedNotification[], outcomes: Outcomes) {
    const readable = readParams(rows, outcomes);
    await skipStaleReminders(readable, outcomes);
    const live = readable.filter(({ row }) => !outcomes.has(row.id));
    const recipients = await findRecipients(
      db,
      live.map(({ row }) => row.userId),
    );
    const composed: Composed[] = [];
    for (const { row, params } of live) {
      const recipient = recipients.get(row.userId);
      if (recipient === undefined) {
        outcomes.set(row.id, { kind: 'skipped', reason: 'no such user' });
        continue;
      }
      try {
        const language = recipientLanguage(recipient.language);
        const message = renderNotification(row.kind, params, language, deps.timeZone);
        composed.push({ row, recipient, message });
      } catch (err) {
        outcomes.set(row.id, { kind: 'retry', reason: errorText(err) });
      }
    }
    return composed;
  }

  async function mailOne({ recipient, message }: Composed): Promise<DeliveryOutcome> {
    try {
      const language = recipientLanguage(recipient.language);
      return await deliverByMail(await deps.mail(), recipient, message, language);
    } catch (err) {
      return { kind: 'retry', reason: errorText(err) };
    }
  }

  /** The mail rows, each sent on its own; recorded together. */
  async function mailAll(mails: readonly Composed[]): Promise<void> {
    if (mails.length === 0) return;
    const outcomes: Outcomes = new Map();
    await Promise.all(
      mails.map(async (mail) => {
        outcomes.set(mail.row.id, await mailOne(mail));
      }),
    );
    await record(
      mails.map((m) => m.row),
      outcomes,
    );
  }

  /** The push rows through the channel in one batch; recorded with the `settled` rows. */
  async function pushAll(
    pushes: readonly Composed[],
    settled: readonly ClaimedNotification[],
    outcomes: Outcomes,
  ): Promise<void> {
    const push = deps.pushChannel();
    const toSend = pushes.filter(({ row, recipient }) => {
      const skip = !recipient.notifyPush
        ? 'push turned off'
        : push === undefined
          ? 'push not configured'
          : null;
      if (skip !== null) outcomes.set(row.id, { kind: 'skipped', reason: skip });
      return skip === null;
    });
    const batch = push === undefined ? undefined : await sendPushes(push, toSend, outcomes);
    await record([...settled, ...pushes.map((p) => p.row)], outcomes, batch);
  }

  /** A failure of the channel itself (its reads, its claims) is a retry of every row. */
  async function sendPushes(
    push: PushChannel,
    toSend: readonly Composed[],
    outcomes: Outcomes,
  ): Promise<PushBatch | undefined> {
    if (toSend.length === 0) return undefined;
    try {
      const batch = await push.deliver(
        toSend.map(({ row, message }) => ({ notificationId: row.id, userId: row.userId, message })),
      );
      for (const [id, outcome] of batch.outcomes) outcomes.set(id, outcome);
      return batch;
    } catch (err) {
      for (const { row } of toSend) outcomes.set(row.id, { kind: 'retry', reason: errorText(err) });
      return undefined;
    }
  }

  function changeOf(
    row: ClaimedNotification,
    outcome: DeliveryOutcome,
    now: Date,
  ): NotificationChange {
    switch (outcome.kind) {
      case 'sent':
        return { status: 'sent', lastError: null, sentAt: now.toISOString() };
      case 'skipped':
      case 'failed':
        return { status: outcome.kind, lastError: outcome.reason, sentAt: null };
      case 'retry': {
        const last = row.attempts >= o.maxAttempts;
        const backoff = Math.min(o.maxBackoffMs, o.firstBackoffMs * 4 ** (row.attempts - 1));
        const wait = outcome.afterMs ?? backoff;
        return {
          status: last ? 'failed' : 'pending',
          lastError: outcome.reason,
          sentAt: null,
          nextAttemptAt: new Date(now.getTime() + wait).toISOString(),
        };
      }
    }
  }

  /** Records rows' outcomes (and their push deliveries) in one transaction. */
  async function record(
    rows: readonly ClaimedNotification[],
    outcomes: Outcomes,
    pushBatch?: PushBatch,
  ): Promise<void> {
    if (rows.length === 0) return;
    const now = deps.clock();
    const finished = rows.map((row) => {
      const outcome: DeliveryOutcome = outcomes.get(row.id) ?? {
        kind: 'retry',
        reason: 'no outcome',
      };
      if (outcome.kind === 'failed' || outcome.kind === 'retry') {
        log.warn(
          { notificationId: row.id, kind: row.kind, channel: row.channel, outcome },
          'notification not sent',
        );
      }
      return { id: row.id, change: changeOf(row, outcome, now) };
    });
    await db.transaction().execute(async (trx) => {
      await finishNotifications(trx, finished);
      await pushBatch?.record(trx, now.toISOString());
    });
  }

  /**
   * Sends a claimed batch: what every row needs read in a few queries, mail and push sent
   * concurrently, and each channel's rows recorded in one transaction when its sends end (a
   * slow mail server holds no push row's record back). A failure before anything was sent
   * (a read) makes the whole batch a retry.
   */
  async function sendBatch(rows: readonly ClaimedNotification[]): Promise<void> {
    const outcomes: Outcomes = new Map();
    let composed: Composed[];
    try {
      composed = await compose(rows, outcomes);
    } catch (err) {
      for (const row of rows) outcomes.set(row.id, { kind: 'retry', reason: errorText(err) });
      await record(rows, outcomes);
      return;
    }
    const settled = rows.filter((row) => outcomes.has(row.id));
    // Both run to their end before the pass does (close() waits for the pass): allSettled.
    const ends = await Promise.allSettled([
      mailAll(composed.filter((c) => c.row.channel === 'email')),
      pushAll(
        composed.filter((c) => c.row.channel !== 'email'),
        settled,
        outcomes,
      ),
    ]);
    for (const end of ends) if (end.status === 'rejected') throw end.reason;
  }

  /** Claims and sends until a claim comes back short; resolves to the rows finished. */
  async function passes(): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await claim();
      await sendBatch(rows);
      done += rows.length;
      if (rows.length < o.batch || isStopped()) return done;
    }
  }

  /**
   * Passes until no wake came during the last one. `running` is cleared in the same
   * synchronous step as the decision to stop: cleared later (in a .finally), a wake landing
   * in between found a loop still "running" that had already decided to stop, and its rows
   * waited for the next poll (the lottery bench saw one lottery in a few wait 3 s).
   */
  async function loop(): Promise<void> {
    for (;;) {
      again = false;
      try {
        if (remindersDue) {
          remindersDue = false;
          await scheduleReminders();
        }
        await passes();
      } catch (err) {
        log.error({ err }, 'notification pass failed');
      }
      if (!wokenAgain() || isStopped()) {
        running = null;
        return;
      }
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = loop();
  }

  return {
    start() {
      if (stopped || timer !== undefined) return;
      timer = setInterval(() => {
        remindersDue = true;
        wake();
      }, o.pollMs);
      timer.unref();
      wake();
    },
    wake,
    async drain() {
      while (running !== null) await running;
      await scheduleReminders();
      return passes();
    },
    scheduleReminders,
    async close() {
      stopped = true;
      clearInterval(timer);
      while (running !== null) await running;
    },
  };
}
