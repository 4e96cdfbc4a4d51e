// Prunes idempotency keys past their keeping time, hourly while the app runs. The protocol
// promises at least 7 days; the timer lives on the app and stops when the app closes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/kysely.ts';
import { pruneKeys } from './idempotency.repository.ts';

export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function registerIdempotencyPruning(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const prune = () => {
    running = pruneKeys(db, new Date(Date.now() - IDEMPOTENCY_KEEP_MS)).then(
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
