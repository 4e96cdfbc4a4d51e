// One notification worker per app, as app.notifications. Started when the app is ready
// (unless config.notificationWorker is false: tests that drive it with drain()), woken after
// each reply whose request queued notifications (the rows are committed by then), and closed
// before the database and the mailer are (onClose hooks run last-registered first).
import type { FastifyInstance } from 'fastify';
import type { PushChannel } from './notification-channels.ts';
import { createNotificationWorker, type NotificationWorker } from './notification-worker.ts';
import { queuedSince } from './notifications.service.ts';
import { loadUnsubscribeTokens } from './unsubscribe-token.ts';
import type { MailChannelDeps } from './mail-channel.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationWorker;
  }
}

export function registerNotifications(app: FastifyInstance): void {
  const { config, opened } = app.ctx;
  let mail: Promise<MailChannelDeps> | undefined;
  const worker = createNotificationWorker({
    db: opened.db,
    rowLocks: opened.dialect === 'postgres',
    clock: () => config.clock(),
    reminderHours: config.reminderHours,
    timeZone: config.timeZone,
    mail: () =>
      (mail ??= loadUnsubscribeTokens(opened.db).then((tokens) => ({
        send: (message) => app.mailer.send(message),
        tokens,
        publicUrl: config.publicUrl,
        siteTitle: config.siteTitle,
      }))),
    // Registered by the push side (src/server/push/) when it is configured.
    pushChannel: () => (app.ctx as { pushChannel?: PushChannel }).pushChannel,
    log: app.log.child({ area: 'notifications' }),
  });
  app.decorate('notifications', worker);
  app.addHook('onClose', async () => {
    await worker.close();
  });
  if (!config.notificationWorker) return;
  let seen = queuedSince();
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('onResponse', async () => {
    const now = queuedSince();
    if (now === seen) return;
    seen = now;
    worker.wake();
  });
}
