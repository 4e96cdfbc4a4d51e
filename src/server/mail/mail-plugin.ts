// One Mailer per app, as app.mailer; closed (after its background sends) when the app closes.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { createMailer, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function mailDirOf(config: Pick<ServerConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'mail');
}

export function registerMailer(app: FastifyInstance, config: ServerConfig): void {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailDir: mailDirOf(config),
    from: config.mailFrom,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.close();
  });
}
