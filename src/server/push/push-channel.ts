// The push channel (PushChannel of notifications/notification-channels.ts): a notification
// goes to every subscription of its person, encrypted per RFC 8291 (aes128gcm) and signed
// with the server's VAPID key (RFC 8292), both by the web-push package.
// - Each (notification, subscription) is claimed in push_deliveries before its push leaves
//   and marked 'sent' after, so the retry of a partly failed notification sends only to the
//   devices still missing it, and two senders never both send to one device. A claim whose
//   sender died mid-send is taken over after CLAIM_STALE_MS (then the device may get it
//   twice: the push left, its record did not; a push service may also deliver twice).
// - A pass's notifications go together (issue 19: ~5 statements per notification held the
//   worker to about half of what web-push alone sends): their people's subscriptions are read
//   in one query, every delivery is claimed in one transaction, the pushes leave concurrently,
//   and what each device came to is recorded by `record` in the worker's transaction that
//   records the notifications.
// - 201/2xx: sent. 404/410: the subscription is gone and deleted. 429, 5xx, a network or TLS
//   error, a timeout: the claim is released and the whole notification is retried (after the
//   push service's Retry-After when it gave one). Any other answer: that device has failed
//   for this notification (e.g. 413, or 403 from a subscription made with another key).
// - TLS is verified as Node does by default (the system CAs plus NODE_EXTRA_CA_CERTS); the
//   endpoint's host is checked against PUSH_HOSTS again before each send (the list may have
//   changed since the subscribe). One keep-alive agent serves every send; an idle connection
//   is closed after idleSocketMs, or sooner when the push service's Keep-Alive header says it
//   will close it sooner (Node honours that hint only for an agent with a timeout).
// - A connection dropped before any answer (ECONNRESET, EPIPE, "socket hang up") is tried
//   once more at once on a new connection: a kept-alive connection the push service closed
//   just as our request went out is an ordinary race, and waiting the worker's first back-off
//   (30 s) for it would delay a reminder for nothing. The push may then arrive twice if the
//   service had read it before dropping; its Topic makes a waiting copy replace the other.
// - The VAPID JWT is made once per push service origin and reused for VAPID_REUSE_MS (RFC
//   8292 section 2 allows reuse; its exp is 12 h ahead): signing one cost more CPU than
//   encrypting the payload.
import { createHash } from 'node:crypto';
import https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../db/kysely.ts';
import type {
  DeliveryOutcome,
  PushChannel,
  PushDelivery,
  RenderedNotification,
} from '../notifications/notification-channels.ts';
import { endpointProblem } from './push-hosts.ts';
import {
  claimDeliveries,
  claimOf,
  listSubscriptionsOf,
  recordDeliveries,
} from './push-subscriptions.repository.ts';
import type {
  DeliveriesDone,
  DeliveryClaim,
  DeliveryKey,
  StoredSubscription,
  VapidKeys,
} from './push.types.ts';

export const PUSH_DEFAULTS = {
  /** How long the push service keeps an undelivered push (seconds): a day-old one is stale. */
  ttlSeconds: 24 * 60 * 60,
  /** The socket's idle limit per send. */
  timeoutMs: 15_000,
  /** A 'sending' claim older than this is taken to be a dead sender's. */
  claimStaleMs: 2 * 60_000,
  /** Connections kept open per push service host. */
  maxSockets: 64,
  /** How long an idle kept-alive connection stays open (less when the service says so). */
  idleSocketMs: 30_000,
  /** How long one VAPID JWT (exp 12 h ahead) is reused for a push service's origin. */
  vapidReuseMs: 60 * 60_000,
} as const;

const VAPID_EXP_SECONDS = 12 * 60 * 60;

export interface PushChannelDeps {
  db: Db;
  /** True on PostgreSQL: the claims hold their subscriptions FOR KEY SHARE. */
  rowLocks: boolean;
  keys: VapidKeys;
  subject: string;
  pushHosts: readonly string[];
  clock: () => Date;
  options?: Partial<typeof PUSH_DEFAULTS>;
}

export interface ClosablePushChannel extends PushChannel {
  /** Closes the kept-alive connections (app close). */
  close(): void;
}

type DeviceResult =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'busy' }
  | { kind: 'retry'; reason: string; afterMs?: number }
  | { kind: 'failed'; reason: string };

/** A person's device for one notification. */
interface Device {
  sub: StoredSubscription;
  key: DeliveryKey;
  /** The endpoint's host is no longer on PUSH_HOSTS: fails without a claim or a send. */
  offList: boolean;
}

/**
 * Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); undefined
 * when absent or unreadable, so the worker's own back-off applies.
 */
export function retryAfterMs(value: unknown, now: Date): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** Topic (RFC 8030 5.4): a later push of the same tag replaces one still waiting. */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** The connection went away before any answer (not a refusal, a timeout or a TLS error). */
function isDroppedConnection(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return (code !== undefined && DROPPED_CODES.has(code)) || err.message === 'socket hang up';
}

/** The overall outcome from each device's. */
function combine(results: DeviceResult[]): DeliveryOutcome {
  const retries = results.filter((r) => r.kind === 'retry' || r.kind === 'busy');
  if (retries.length > 0) {
    const waits = retries.flatMap((r) =>
      r.kind === 'retry' && r.afterMs !== undefined ? [r.afterMs] : [],
    );
    const reason = retries
      .map((r) => (r.kind === 'retry' ? r.reason : 'another sender holds a device'))
      .join('; ');
    return waits.length > 0
      ? { kind: 'retry', reason, afterMs: Math.max(...waits) }
      : { kind: 'retry', reason };
  }
  if (results.some((r) => r.kind === 'sent')) return { kind: 'sent' };
  const failures = results.flatMap((r) => (r.kind === 'failed' ? [r.reason] : []));
  if (failures.length > 0) return { kind: 'failed', reason: failures.join('; ') };
  return { kind: 'skipped', reason: 'every push subscription has expired' };
}

export function createPushChannel(deps: PushChannelDeps): ClosablePushChannel {
  const o = { ...PUSH_DEFAULTS, ...deps.options };
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: o.maxSockets,
    timeout: o.idleSocketMs,
  });
  const vapidHeaders = new Map<string, { authorization: string; until: number }>();

  /** The Authorization header for an endpoint's origin (web-push's JWT, reused a while). */
  function authorizationFor(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    // Date.now, not deps.clock: the JWT's exp is on the real clock the push service reads.
    const now = Date.now();
    const cached = vapidHeaders.get(audience);
    if (cached !== undefined && cached.until > now) return cached.authorization;
    const { publicKey, privateKey } = deps.keys;
    const exp = Math.floor(now / 1000) + VAPID_EXP_SECONDS;
    const headers = webpush.getVapidHeaders(
      audience,
      deps.subject,
      publicKey,
      privateKey,
      'aes128gcm',
      exp,
    );
    vapidHeaders.set(audience, {
      authorization: headers.Authorization,
      until: now + o.vapidReuseMs,
    });
    return headers.Authorization;
  }

  /** One POST of the encrypted payload to the subscription's endpoint. */
  async function send(sub: StoredSubscription, message: RenderedNotification): Promise<void> {
    const payload = JSON.stringify({
      title: message.title,
      body: message.body,
      url: message.url,
      tag: message.tag,
    });
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        headers: { Authorization: authorizationFor(sub.endpoint) },
        TTL: o.ttlSeconds,
        urgency: 'normal',
        topic: topicOf(message.tag),
        contentEncoding: 'aes128gcm',
        timeout: o.timeoutMs,
        agent,
      },
    );
  }

  async function post(
    sub: StoredSubscription,
    message: RenderedNotification,
  ): Promise<DeviceResult> {
    try {
      await send(sub, message).catch((err: unknown) => {
        if (isDroppedConnection(err)) return send(sub, message);
        throw err;
      });
      return { kind: 'sent' };
    } catch (err) {
      if (!(err instanceof WebPushError)) return { kind: 'retry', reason: errorText(err) };
      const status = err.statusCode;
      if (status === 404 || status === 410) return { kind: 'gone' };
      if (status === 429 || status >= 500) {
        const afterMs = retryAfterMs(err.headers['retry-after'], deps.clock());
        const reason = `push service answered ${status}`;
        return afterMs === undefined
          ? { kind: 'retry', reason }
          : { kind: 'retry', reason, afterMs };
      }
      return { kind: 'failed', reason: `push service answered ${status}` };
    }
  }

  /** One device: sent unless its claim says done before or held by another sender. */
  async function toDevice(
    device: Device,
    message: RenderedNotification,
    claims: Map<string, DeliveryClaim>,
    done: DeliveriesDone,
  ): Promise<DeviceResult> {
    const { sub, key } = device;
    if (device.offList) return { kind: 'failed', reason: 'the endpoint is not on PUSH_HOSTS' };
    // An earlier attempt finished this device, or another sender holds it right now.
    const claim = claimOf(claims, key);
    if (claim === 'sent') return { kind: 'sent' };
    if (claim === 'failed') return { kind: 'failed', reason: 'failed on an earlier attempt' };
    if (claim === 'busy') return { kind: 'busy' };
    if (claim === 'gone') return { kind: 'gone' }; // unsubscribed since the pass read it
    const result = await post(sub, message);
    if (result.kind === 'sent') done.sent.push(key);
    else if (result.kind === 'failed') done.failed.push(key);
    else if (result.kind === 'gone') done.gone.push(sub.id);
    else done.released.push(key);
    return result;
  }

  /** Each delivery with its person's devices; a host off PUSH_HOSTS is never claimed. */
  async function withDevices(batch: readonly PushDelivery[]) {
    const subs = await listSubscriptionsOf(
      deps.db,
      batch.map((b) => b.userId),
    );
    const subsOf = new Map<number, StoredSubscription[]>();
    for (const sub of subs) subsOf.set(sub.userId, [...(subsOf.get(sub.userId) ?? []), sub]);
    return batch.map((item) => ({
      item,
      devices: (subsOf.get(item.userId) ?? []).map((sub): Device => ({
        sub,
        key: { notificationId: item.notificationId, subscriptionId: sub.id },
        offList: endpointProblem(sub.endpoint, deps.pushHosts) !== undefined,
      })),
    }));
  }

  return {
    async deliver(batch) {
      const items = await withDevices(batch);
      const now = deps.clock();
      const staleBefore = new Date(now.getTime() - o.claimStaleMs).toISOString();
      const toClaim = items.flatMap(({ devices }) => devices.filter((d) => !d.offList));
      const claims = await claimDeliveries(
        deps.db,
        toClaim.map((d) => d.key),
        { now: now.toISOString(), staleBefore },
        deps.rowLocks,
      );
      const done: DeliveriesDone = { sent: [], failed: [], released: [], gone: [] };
      const outcomes = new Map<number, DeliveryOutcome>();
      await Promise.all(
        items.map(async ({ item, devices }) => {
          const outcome: DeliveryOutcome =
            devices.length === 0
              ? { kind: 'skipped', reason: 'no push subscription' }
              : combine(
                  await Promise.all(devices.map((d) => toDevice(d, item.message, claims, done))),
                );
          outcomes.set(item.notificationId, outcome);
        }),
      );
      return { outcomes, record: (trx, at) => recordDeliveries(trx, done, at) };
    },
    close() {
      agent.destroy();
    },
  };
}
