// Web Push in the worker (issue 19; beyond-spec.md section 3). A push shows its notification
// (the rules are src/shared/push/push-display.ts) and tells the app's open windows, which
// refresh the lists it concerns; a tap on the notification focuses an open window of the app
// and moves it to the notification's path, else opens one there.
import {
  notificationOptions,
  notificationUrl,
  openNotificationTarget,
  readPushPayload,
  tellOpenWindows,
  type ClientsLike,
} from '#shared/push/push-display';

function pushText(event: PushEvent): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

export function registerPush(scope: ServiceWorkerGlobalScope): void {
  const origin = scope.location.origin;
  // matchAll({ type: 'window' }) resolves to WindowClients; TypeScript's lib says Client.
  const clients = scope.clients as unknown as ClientsLike;

  scope.addEventListener('push', (event) => {
    const payload = readPushPayload(pushText(event), origin);
    event.waitUntil(
      Promise.all([
        scope.registration.showNotification(payload.title, notificationOptions(payload)),
        tellOpenWindows(clients, payload, origin),
      ]),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = notificationUrl(event.notification.data, origin);
    event.waitUntil(openNotificationTarget(clients, path, origin));
  });
}
