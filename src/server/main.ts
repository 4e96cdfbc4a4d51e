// The production entry point: load config, build the app, listen, and shut down gracefully
// on SIGTERM/SIGINT (answer new requests 503, finish in-flight ones, close the database).
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ensureFirstAdmin } from './auth/first-admin.ts';

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
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    app
      .drainRequests()
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
