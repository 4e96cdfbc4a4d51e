// The production entry point: load config, build the app, listen, and shut down gracefully
// on SIGTERM/SIGINT: report not-ready (GET /api/ready → 503) while still serving for
// SHUTDOWN_GRACE_MS, so the balancer stops sending here; then answer new requests 503, finish
// the ones in flight, close the connections and the database, and exit 0.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ensureFirstAdmin } from './auth/first-admin.ts';

/** Time for the drain and close after the grace period before the process gives up. */
const DRAIN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await ensureFirstAdmin(app.ctx.opened.db, config, (line) => {
    process.stdout.write(`${line}\n`);
  });
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    app.beginShutdown();
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + DRAIN_TIMEOUT_MS);
    force.unref();
    new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs))
      .then(() => app.drainRequests())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
