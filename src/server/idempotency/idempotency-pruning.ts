// Prunes idempotency keys past their keeping time (config.idempotencyDays, IDEMPOTENCY_DAYS,
// default 35), hourly while the app runs. A device may stay offline for weeks and then resend
// what it queued: its keys must outlive that, so the resend gets the first verdict instead of
// writing twice. The timer lives on the app and stops when the app closes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/kysely.ts';
import { inJobTransaction } from '../jobs/job-lock.ts';
import { pruneKeys } from './idempotency.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes the keys made more than `keepDays` before `now` (a key exactly that old stays);
 * returns how many went. Tests call it with a moved clock instead of waiting for the timer.
 */
export async function pruneExpiredKeys(db: Db, now: Date, keepDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * DAY_MS);
  // One process prunes at a time; another finding it under way skips this round.
  const pruned = await inJobTransaction(db, 'idempotency-pruning', { wait: false }, (trx) =>
    pruneKeys(trx, cutoff),
  );
  return pruned.ran ? pruned.value : 0;
}

export function registerIdempotencyPruning(app: FastifyInstance, db: Db): void {
  const { clock, idempotencyDays } = app.ctx.config;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const prune = () => {
    running = pruneExpiredKeys(db, clock(), idempotencyDays).then(
      (count) => {
        if (count > 0) app.log.info({ count }, 'pruned idempotency keys');
      },
      (err: unknown) => app.log.warn({ err }, 'pruning idempotency keys failed'),
    );
  };
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
  });
  // onClose hooks run last-registered first, so a prune in flight ends before app.ts closes
  // the database.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
