// Web Push at start: the VAPID keys (env, else the database's pair, made once), the push
// channel put on app.ctx.pushChannel for the notification worker, and app.pushKeys for the
// public-key route. Registered before the notification worker, so the worker (closed first:
// onClose hooks run last-registered first) finishes its sends before the channel's
// connections close.
import type { FastifyInstance } from 'fastify';
import { createPushChannel } from './push-channel.ts';
import type { VapidKeys } from './push.types.ts';
import { loadVapidKeys } from './vapid-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pushKeys: VapidKeys;
  }
}

export async function registerPush(app: FastifyInstance): Promise<void> {
  const { config, opened } = app.ctx;
  const keys = await loadVapidKeys(opened.db, config.vapidKeys, config.vapidSubject);
  const channel = createPushChannel({
    db: opened.db,
    rowLocks: opened.dialect === 'postgres',
    keys,
    subject: config.vapidSubject,
    pushHosts: config.pushHosts,
    clock: () => config.clock(),
  });
  app.ctx.pushChannel = channel;
  app.decorate('pushKeys', keys);
  app.addHook('onClose', async () => {
    channel.close();
  });
}
