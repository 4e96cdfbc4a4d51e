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
// - close() stops the timers and waits for the pass in flight: every claimed row is recorded.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/kysely.ts';
import { inJobTransaction } from '../jobs/job-lock.ts';
import { recipientLanguage } from '../i18n/account-language.ts';
import { deliverByMail, type MailChannelDeps } from './mail-channel.ts';
import type {
  DeliveryOutcome,
  PushChannel,
  RenderedNotification,
} from './notification-channels.ts';
import { renderNotification } from './notification-texts.ts';
import {
  claimDue,
  findRecipient,
  finishNotification,
  reminderCandidates,
  reminderStillHolds,
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

  /** Why a reminder no longer holds, else null. */
  async function staleReminder(row: ClaimedNotification, params: unknown): Promise<string | null> {
    if (row.kind !== 'round.reminder') return null;
    const { signupId, startTime } = params as { signupId: number; startTime: string };
    if (new Date(startTime) <= deps.clock()) return 'the round has started';
    const holds = await reminderStillHolds(db, signupId, startTime);
    return holds ? null : 'the round moved or was cancelled, or the sign-up is not confirmed';
  }

  async function deliver(
    row: ClaimedNotification,
    recipient: Recipient,
    message: RenderedNotification,
  ): Promise<DeliveryOutcome> {
    if (row.channel === 'email') {
      const language = recipientLanguage(recipient.language);
      return deliverByMail(await deps.mail(), recipient, message, language);
    }
    if (!recipient.notifyPush) return { kind: 'skipped', reason: 'push turned off' };
    const push = deps.pushChannel();
    if (push === undefined) return { kind: 'skipped', reason: 'push not configured' };
    try {
      return await push.deliver({ notificationId: row.id, userId: row.userId, message });
    } catch (err) {
      return { kind: 'retry', reason: errorText(err) };
    }
  }

  async function outcomeOf(row: ClaimedNotification): Promise<DeliveryOutcome> {
    let params: unknown;
    try {
      params = JSON.parse(row.params);
      renderNotification(row.kind, params, 'en'); // a row this code cannot word fails first
    } catch (err) {
      return { kind: 'failed', reason: errorText(err) };
    }
    const stale = await staleReminder(row, params);
    if (stale !== null) return { kind: 'skipped', reason: stale };
    const recipient = await findRecipient(db, row.userId);
    if (recipient === undefined) return { kind: 'skipped', reason: 'no such user' };
    // In the recipient's language, read at delivery: a choice made since the row was queued
    // counts (issue 21).
    const language = recipientLanguage(recipient.language);
    return deliver(row, recipient, renderNotification(row.kind, params, language, deps.timeZone));
  }

  async function record(row: ClaimedNotification, outcome: DeliveryOutcome): Promise<void> {
    const now = deps.clock();
    switch (outcome.kind) {
      case 'sent':
        await finishNotification(db, row.id, {
          status: 'sent',
          lastError: null,
          sentAt: now.toISOString(),
        });
        return;
      case 'skipped':
      case 'failed':
        await finishNotification(db, row.id, {
          status: outcome.kind,
          lastError: outcome.reason,
          sentAt: null,
        });
        return;
      case 'retry': {
        const last = row.attempts >= o.maxAttempts;
        const backoff = Math.min(o.maxBackoffMs, o.firstBackoffMs * 4 ** (row.attempts - 1));
        const wait = outcome.afterMs ?? backoff;
        await finishNotification(db, row.id, {
          status: last ? 'failed' : 'pending',
          lastError: outcome.reason,
          sentAt: null,
          nextAttemptAt: new Date(now.getTime() + wait).toISOString(),
        });
      }
    }
  }

  async function sendOne(row: ClaimedNotification): Promise<void> {
    const outcome = await outcomeOf(row).catch((err: unknown): DeliveryOutcome => ({
      kind: 'retry',
      reason: errorText(err),
    }));
    if (outcome.kind === 'failed' || outcome.kind === 'retry') {
      log.warn(
        { notificationId: row.id, kind: row.kind, channel: row.channel, outcome },
        'notification not sent',
      );
    }
    await record(row, outcome);
  }

  /** Claims and sends until a claim comes back short; resolves to the rows finished. */
  async function passes(): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await claim();
      await Promise.all(rows.map(sendOne));
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
