// Runs the retention sweep at start and every hour while the app runs, and on an admin's
// request (beyond-spec.md section 2 "Retention"). Sweeps of one process run one after another
// (an admin's purge waits for the sweep in flight, then runs its own); several processes may
// sweep at once: their batches take turns (jobs/job-lock.ts), each done once.
import type { FastifyInstance } from 'fastify';
import type { AuditActor } from '../audit/audit.types.ts';
import type { PurgeCounts } from './privacy.types.ts';
import { sweepPersonalData } from './retention.service.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface RetentionSweeper {
  /** Runs a sweep after any in flight; `actor` is the admin who asked, null for the timer. */
  run(actor: AuditActor | null): Promise<PurgeCounts>;
  /** Resolves when no sweep is running. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    retentionSweeper: RetentionSweeper;
  }
}

function sweeperOf(app: FastifyInstance): RetentionSweeper {
  const { config, opened } = app.ctx;
  let running: Promise<unknown> = Promise.resolve();
  return {
    run(actor) {
      // The clock is read when the sweep starts, not when it was asked for.
      const sweep = running.then(() =>
        sweepPersonalData(opened.db, {
          now: config.clock(),
          retentionDays: config.retentionDays,
          actor,
        }),
      );
      running = sweep.catch(() => undefined);
      return sweep;
    },
    async idle() {
      await running;
    },
  };
}

export function registerRetentionSweep(app: FastifyInstance): void {
  app.decorate('retentionSweeper', sweeperOf(app));
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    app.retentionSweeper.run(null).then(
      (purged) => {
        if (purged.orders + purged.feedback + purged.applications > 0) {
          app.log.info({ purged }, 'retention sweep removed personal data');
        }
      },
      (err: unknown) => app.log.warn({ err }, 'retention sweep failed'),
    );
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  // Registered after the database's onClose hook, so it runs first (last-registered first):
  // a sweep in flight ends before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await app.retentionSweeper.idle();
  });
}
