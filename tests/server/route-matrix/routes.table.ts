// Every /api route of the server, once (a GET entry also covers the HEAD route Fastify adds
// for it): how to fill its path and a valid body for the caller, and the status each caller
// kind must get (issue 7 item 1). route-matrix.test.ts fails when the server has a route this
// table lacks, or the table names a route the server does not have. The hostile-input tests
// (tests/server/hostile) build their generators from the same entries.
import { createECDH, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '#server/db/kysely';
import type { Database } from '#server/db/schema';
import type { WriteContext } from '#server/db/write-context';
import { issueMailedCode } from '#server/auth/mailed-codes.service';
import { issueResetCode } from '#server/auth/password-reset.service';
import { loadUnsubscribeTokens } from '#server/notifications/unsubscribe-token';
import {
  exportPublicKeySpki,
  generateEcdhKeyPair,
  INITIATE_HANDSHAKE_PATH,
  signHandshake,
} from '#shared/secure-channel/index';
import { PASSWORD, type Account, type Cast, type CallerKind } from './cast.ts';
import { adminOnly, anyone, roles, signedIn, type Expectation } from './expectations.ts';
import type { Scene } from './scene.ts';
import type { Method } from '../../support/inject.ts';
import { send } from './http.ts';

export interface ServerInfo {
  baseUrl: string;
  clientId: string;
  clientAuthKey: string;
}

export interface CellInput {
  scene: Scene;
  cast: Cast;
  kind: CallerKind;
  /** The caller's account, or null for the kinds without a login. */
  account: Account | null;
  server: ServerInfo;
  db: Db;
}

export type Body = Record<string, unknown>;

export interface RouteEntry {
  method: Exclude<Method, 'HEAD'>;
  /** The path template exactly as the server registers it. */
  path: string;
  params?: (input: CellInput) => Record<string, string | number>;
  /** A valid body for this caller; only routes that read a body have one. */
  body?: (input: CellInput) => Body | Promise<Body>;
  headers?: (input: CellInput) => Promise<Record<string, string>>;
  /** Body fields whose absence alone makes the request a 400 (used by the hostile tests). */
  required?: readonly string[];
  /**
   * The query parameters the route reads: its route schema must declare them (`querystring`)
   * and the API document show them (tests/server/openapi).
   */
  readsQuery?: readonly string[];
  /** A valid query of the route's own (a GET that needs one), beside the caller's claims. */
  query?: (input: CellInput) => Record<string, string> | Promise<Record<string, string>>;
  expect: Expectation;
  /** Callers whose 2xx reply carries the victim's private data; nobody else's may. */
  reveals?: readonly CallerKind[];
  /** The route ends the caller's own login: the cell signs in afresh for it. */
  endsLogin?: boolean;
  /** Bookkeeping after a 2xx (e.g. the caller's new password). */
  onSuccess?: (input: CellInput, body: Body) => void;
}

export const routeKey = (method: string, path: string) => `${method} ${path}`;

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const currentPassword = (input: CellInput) => input.account?.password ?? PASSWORD;
const hourAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function handshakeHeaders(server: ServerInfo): Promise<Record<string, string>> {
  const timestamp = Date.now();
  return {
    'x-client-id': server.clientId,
    'x-timestamp': String(timestamp),
    'x-signature': await signHandshake(server.clientAuthKey, server.clientId, timestamp),
  };
}

/** A started (not completed) handshake: its session id and a fresh client public key. */
async function startedHandshake(server: ServerInfo): Promise<Body> {
  const reply = await send(server.baseUrl, {
    method: 'GET',
    path: INITIATE_HANDSHAKE_PATH,
    headers: await handshakeHeaders(server),
  });
  const { sessionId } = JSON.parse(reply.text) as { sessionId: string };
  const keys = await generateEcdhKeyPair();
  return { sessionId, clientPublicKey: await exportPublicKeySpki(keys.publicKey) };
}

/** The write context of a test's own transaction (issuing a code locks no rows). */
const writeIn = (trx: Transaction<Database>): WriteContext => ({
  trx,
  now: new Date(),
  rowLocks: false,
  actor: null,
});

async function resetCodeFor(db: Db, user: { id: number; email: string }): Promise<string> {
  return db.transaction().execute((trx) => issueResetCode(writeIn(trx), user));
}

/** A live email-verification code for the caller's own account (callers without one: any). */
async function emailCodeFor(db: Db, account: Account | null): Promise<string> {
  if (account === null) return '123456';
  return db.transaction().execute((trx) => issueMailedCode(writeIn(trx), account, 'VERIFY'));
}

const orderLines = (s: Scene) => [{ itemName: `Custom ${s.unique}`, quantity: 1 }];

/**
 * Every scene leaves the client a PENDING order, and a client may have only 3 open at once
 * (shared/rules/order-limits.ts): the caller's earlier orders are completed before it orders.
 */
async function closeOpenOrders(db: Db, account: Account | null): Promise<void> {
  if (account === null) return;
  await db
    .updateTable('orders')
    .set({ status: 'COMPLETED' })
    .where('user_id', '=', account.id)
    .where('status', 'in', ['PENDING', 'PROCESSING'])
    .execute();
}

const securityAndAuth: RouteEntry[] = [
  { method: 'GET', path: '/api/health', expect: anyone(200) },
  { method: 'GET', path: '/api/ready', expect: anyone(200) },
  { method: 'GET', path: '/api/openapi.json', expect: anyone(200) },
  {
    method: 'GET',
    path: '/api/security/initiate-handshake',
    headers: async (i) => handshakeHeaders(i.server),
    expect: anyone(200),
  },
  {
    method: 'POST',
    path: '/api/security/complete-handshake',
    body: async (i) => startedHandshake(i.server),
    required: ['sessionId', 'clientPublicKey'],
    expect: anyone(200),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    body: (i) => {
      const who = i.account ?? i.cast.loginTarget;
      return { username: who.username, password: who.password };
    },
    required: ['username', 'password'],
    expect: anyone(200),
    reveals: ['client'],
  },
  { method: 'POST', path: '/api/auth/logout', expect: anyone(200), endsLogin: true },
  { method: 'GET', path: '/api/auth/me', expect: signedIn(200), reveals: ['client'] },
  {
    method: 'POST',
    path: '/api/auth/register',
    body: (i) => ({
      username: `reg${i.scene.unique}`,
      password: 'abc12345',
      email: `${i.scene.unique}@reg.example.org`,
    }),
    required: ['username', 'password'],
    expect: anyone(201),
  },
  {
    method: 'GET',
    path: '/api/auth/username-available',
    query: (i) => ({ username: `free${i.scene.unique.replace(/[^a-z]/gi, '')}` }),
    readsQuery: ['username'],
    expect: anyone(200),
  },
  {
    method: 'PUT',
    path: '/api/auth/update/username',
    body: (i) => ({ newUsername: `u${i.scene.unique}` }),
    required: ['newUsername'],
    expect: signedIn(200),
    reveals: ['client'],
  },
  {
    method: 'PUT',
    path: '/api/auth/update/email',
    body: (i) => ({
      currentPassword: currentPassword(i),
      newEmail: `${i.scene.unique}@new.example.org`,
    }),
    required: ['currentPassword', 'newEmail'],
    // The reply carries the new email, not the one the scene knew.
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    path: '/api/auth/update/password',
    body: (i) => ({ currentPassword: currentPassword(i), newPassword: `Pass${digits(6)}` }),
    required: ['currentPassword', 'newPassword'],
    expect: signedIn(200),
    reveals: ['client'],
    onSuccess: (i, body) => {
      if (i.account !== null) i.account.password = String(body.newPassword);
    },
  },
  {
    method: 'PUT',
    path: '/api/auth/update/phone',
    body: (i) => ({ currentPassword: currentPassword(i), newPhone: `555${digits(7)}` }),
    required: ['currentPassword', 'newPhone'],
    expect: signedIn(200),
    reveals: ['client'],
  },
  {
    method: 'PUT',
    path: '/api/auth/update/language',
    body: () => ({ language: 'es' }),
    required: ['language'],
    expect: signedIn(200),
    reveals: ['client'],
  },
  {
    method: 'POST',
    path: '/api/auth/password/request-reset',
    body: (i) => ({ email: i.scene.target.email }),
    required: ['email'],
    expect: anyone(200),
  },
  {
    method: 'POST',
    path: '/api/auth/password/verify-reset',
    body: async (i) => ({
      email: i.scene.target.email,
      otp: await resetCodeFor(i.db, i.scene.target),
      newPassword: 'Newpass123',
    }),
    required: ['email', 'otp', 'newPassword'],
    expect: anyone(200),
  },
  // Once verified, send-code answers 200 "already verified" (no mail), so cells that run
  // after a verify cell of the same caller still get 200.
  { method: 'POST', path: '/api/auth/email/send-code', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/auth/email/verify',
    body: async (i) => ({ code: await emailCodeFor(i.db, i.account) }),
    required: ['code'],
    expect: signedIn(200),
    reveals: ['client'], // the caller's own email, proven
  },
];

const adminUsers: RouteEntry[] = [
  { method: 'GET', path: '/api/admin/users', expect: adminOnly(200), reveals: ['admin'] },
  {
    method: 'DELETE',
    path: '/api/admin/user/delete',
    body: (i) => ({ username: i.scene.target.username }),
    required: ['username'],
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/user/reset-password/:userId',
    params: (i) => ({ userId: i.scene.target.id }),
    body: () => ({ newPassword: 'Reset1234' }),
    required: ['newPassword'],
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/user/create',
    body: (i) => ({
      username: `new${i.scene.unique}`,
      email: `${i.scene.unique}@created.example.org`,
      phone: '5553334444',
      firstName: 'New',
      lastName: 'User',
      role: 'CLIENT',
    }),
    required: ['username', 'role'],
    expect: adminOnly(201),
  },
  {
    method: 'PUT',
    path: '/api/admin/user/update/:userId',
    params: (i) => ({ userId: i.scene.target.id }),
    body: (i) => ({
      username: i.scene.target.username,
      email: i.scene.target.email,
      phone: '5553334445',
      firstName: 'Tara',
      lastName: 'Target',
      role: 'VOLUNTEER',
    }),
    required: ['username', 'role'],
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/volunteer/subrole',
    body: (i) => ({ userId: i.scene.target.id, volunteerSubRole: 'TEAM_LEAD', notes: 'Lead' }),
    required: ['userId', 'volunteerSubRole'],
    expect: adminOnly(200),
  },
  { method: 'GET', path: '/api/admin/alerts', expect: adminOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/audit',
    readsQuery: ['actor', 'action', 'from', 'to', 'limit', 'before'],
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/audit.csv',
    readsQuery: ['actor', 'action', 'from', 'to'],
    expect: adminOnly(200),
  },
  { method: 'POST', path: '/api/admin/privacy/purge', expect: adminOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/reports/summary.csv',
    readsQuery: ['from', 'to'],
    expect: adminOnly(200),
  },
  { method: 'GET', path: '/api/admin/reports/deliveries-per-week', expect: adminOnly(200) },
];

const adminRounds: RouteEntry[] = [
  { method: 'GET', path: '/api/admin/rounds/all', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/rounds/upcoming', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/rounds/create',
    body: () => ({
      title: 'Matrix round',
      location: 'Depot',
      startTime: hourAhead(48),
      endTime: hourAhead(51),
      maxParticipants: 4,
    }),
    required: ['title', 'startTime', 'endTime', 'maxParticipants'],
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/admin/rounds/signup/:signupId',
    params: (i) => ({ signupId: i.scene.waitlistedSignupId }),
    body: (i) => ({ adminId: i.account?.id ?? null }),
    readsQuery: ['adminId'],
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/rounds/signup/:signupId/confirm',
    params: (i) => ({ signupId: i.scene.waitlistedSignupId }),
    body: (i) => ({ adminId: i.account?.id ?? null }),
    readsQuery: ['adminId'],
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/rounds/:roundId',
    params: (i) => ({ roundId: i.scene.roundId }),
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/rounds/:roundId',
    params: (i) => ({ roundId: i.scene.roundId }),
    body: (i) => ({ title: `Renamed ${i.scene.unique}` }),
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/rounds/:roundId/cancel',
    params: (i) => ({ roundId: i.scene.roundId }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/rounds/:roundId/lottery',
    params: (i) => ({ roundId: i.scene.roundId }),
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/orders/:orderId/round',
    params: (i) => ({ orderId: i.scene.orderId }),
    body: () => ({ roundId: null }),
    required: ['roundId'],
    expect: adminOnly(200),
  },
];

const feedbackAndApplications: RouteEntry[] = [
  {
    method: 'POST',
    path: '/api/feedback/submit',
    body: () => ({ name: 'Visitor', phoneNumber: '5551230000', content: 'Thank you' }),
    required: ['phoneNumber', 'content'],
    expect: anyone(200),
  },
  { method: 'GET', path: '/api/feedback/all', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/volunteer/apply',
    body: (i) => ({
      firstName: 'Val',
      lastName: 'Unteer',
      email: `${i.scene.unique}@applicant.example.org`,
      phone: '5551239999',
      notes: 'Weekends',
    }),
    required: ['firstName', 'lastName', 'email', 'phone'],
    expect: anyone(200),
  },
  { method: 'GET', path: '/api/volunteer/applications', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/volunteer/approve',
    body: (i) => ({ applicationId: i.scene.applicationId }),
    required: ['applicationId'],
    expect: adminOnly(200),
  },
  { method: 'GET', path: '/api/volunteer/pending', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/volunteer/reject',
    body: (i) => ({ applicationId: String(i.scene.applicationId) }),
    required: ['applicationId'],
    expect: adminOnly(200),
  },
];

const cargo: RouteEntry[] = [
  { method: 'GET', path: '/api/cargo/items', expect: anyone(200) },
  {
    method: 'POST',
    path: '/api/cargo/items',
    body: (i) => ({ name: `Item ${i.scene.unique}`, category: 'Test', quantity: 3 }),
    required: ['name'],
    expect: adminOnly(201),
  },
  {
    method: 'PUT',
    path: '/api/cargo/items/:id',
    params: (i) => ({ id: i.scene.itemId }),
    body: () => ({ description: 'Updated by the matrix' }),
    readsQuery: ['image'],
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/cargo/images/:imageId',
    params: (i) => ({ imageId: i.scene.imageId }),
    readsQuery: ['thumb'],
    expect: anyone(200),
  },
  {
    method: 'GET',
    path: '/api/cargo/images/:imageId/thumb',
    params: (i) => ({ imageId: i.scene.imageId }),
    expect: anyone(200),
  },
];

const volunteerRounds: RouteEntry[] = [
  { method: 'GET', path: '/api/rounds/my-rounds', expect: roles({ volunteerConfirmed: 200 }) },
  { method: 'GET', path: '/api/rounds/all', expect: roles({ volunteerConfirmed: 200 }) },
  {
    method: 'DELETE',
    path: '/api/rounds/signup/:signupId',
    params: (i) => ({ signupId: i.scene.confirmedSignupId }),
    // Someone else's sign-up is a 404, like a missing one.
    expect: roles({ volunteerConfirmed: 200, volunteerOffRound: 404 }),
  },
  {
    method: 'GET',
    path: '/api/rounds/:roundId',
    params: (i) => ({ roundId: i.scene.roundId }),
    expect: roles({ volunteerConfirmed: 200 }),
  },
  {
    method: 'GET',
    path: '/api/rounds/:roundId/orders',
    params: (i) => ({ roundId: i.scene.roundId }),
    // Any volunteer sees the round's load; only a confirmed one sees who and where.
    expect: roles({ volunteerConfirmed: 200 }),
    reveals: ['volunteerConfirmed'],
  },
  {
    method: 'POST',
    path: '/api/rounds/:roundId/signup',
    params: (i) => ({ roundId: i.scene.roundId }),
    body: () => ({ requestedRole: 'VOLUNTEER' }),
    expect: roles({ volunteerConfirmed: 409, volunteerOffRound: 200 }),
  },
];

const calendar: RouteEntry[] = [
  {
    method: 'GET',
    path: '/api/rounds/calendar-link',
    expect: roles({ volunteerConfirmed: 200 }),
  },
  {
    method: 'POST',
    path: '/api/rounds/calendar-link/rotate',
    expect: roles({ volunteerConfirmed: 200 }),
  },
  {
    method: 'GET',
    path: '/api/calendar/:file',
    // Public (a calendar app sends no cookie): the token is the key. The feed holds the
    // confirmed volunteer's round, on which the victim's order sits: none of its data.
    params: (i) => ({ file: i.scene.calendarFile }),
    expect: anyone(200),
  },
];

const orders: RouteEntry[] = [
  {
    method: 'POST',
    path: '/api/orders/create',
    body: async (i) => {
      await closeOpenOrders(i.db, i.account);
      return {
        deliveryAddress: '1 Own Street',
        phoneNumber: '5550009999',
        notes: 'Own order',
        items: orderLines(i.scene),
      };
    },
    required: ['deliveryAddress', 'phoneNumber', 'notes', 'items'],
    expect: roles({ client: 200 }),
  },
  {
    method: 'POST',
    path: '/api/orders/guest/create',
    body: (i) => ({
      firstName: 'Gus',
      lastName: 'Guest',
      email: `${i.scene.unique}@guest.example.org`,
      // Each its own: one phone or email places at most 2 guest orders a day.
      phone: `555${digits(7)}`,
      deliveryAddress: '2 Guest Road',
      notes: 'Side door',
      items: orderLines(i.scene),
    }),
    required: ['firstName', 'lastName', 'email', 'phone', 'deliveryAddress', 'notes', 'items'],
    expect: anyone(200),
  },
  {
    method: 'GET',
    path: '/api/orders/user/:userId',
    params: (i) => ({ userId: i.cast.client.id }),
    expect: roles({ client: 200, otherClient: 403 }),
    reveals: ['client'],
  },
  {
    method: 'GET',
    path: '/api/orders/user/:userId/cancelled',
    params: (i) => ({ userId: i.cast.client.id }),
    // Not a header: the cell's own scene order is first cancelled by the team (the admin), so
    // the client has a cancelled order whose address only they may see.
    headers: async (i) => {
      await i.db
        .updateTable('orders')
        .set({
          status: 'CANCELLED',
          cancelled_by: i.cast.admin.id,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', i.scene.orderId)
        .execute();
      return {};
    },
    expect: roles({ client: 200, otherClient: 403 }),
    reveals: ['client'],
  },
  {
    method: 'GET',
    path: '/api/orders/all',
    readsQuery: ['status', 'limit', 'before'],
    expect: roles({ volunteerConfirmed: 200, admin: 200 }),
    reveals: ['volunteerConfirmed', 'admin'],
  },
  {
    method: 'GET',
    path: '/api/orders/volunteer/assigned',
    expect: roles({ volunteerConfirmed: 200 }),
    reveals: ['volunteerConfirmed'],
  },
  {
    method: 'POST',
    path: '/api/orders/:orderId/cancel',
    params: (i) => ({ orderId: i.scene.orderId }),
    // Someone else's order is a 404, like a missing one.
    expect: roles({ client: 200, otherClient: 404, admin: 200 }),
  },
  {
    method: 'PUT',
    path: '/api/orders/:orderId/status',
    params: (i) => ({ orderId: i.scene.orderId }),
    body: () => ({ status: 'COMPLETED' }),
    required: ['status'],
    expect: roles({ volunteerConfirmed: 200, volunteerOffRound: 403 }),
  },
];

const devices: RouteEntry[] = [
  {
    method: 'POST',
    path: '/api/devices/report',
    body: (i) => ({
      deviceId: `matrix-device-${i.scene.unique}`,
      pendingCount: 1,
      oldestPendingAt: new Date().toISOString(),
      lastSyncAt: null,
      attentionCount: 0,
      appVersion: '0.1.0',
    }),
    required: [
      'deviceId',
      'pendingCount',
      'oldestPendingAt',
      'lastSyncAt',
      'attentionCount',
      'appVersion',
    ],
    expect: signedIn(200),
  },
  { method: 'GET', path: '/api/admin/devices', expect: adminOnly(200) },
];

/** A browser's PushSubscription JSON on a default PUSH_HOSTS service (never sent to). */
function pushSubscription(unique: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${unique}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

const push: RouteEntry[] = [
  { method: 'GET', path: '/api/push/public-key', expect: anyone(200) },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    body: (i) => ({ subscription: pushSubscription(`${i.kind}-${i.scene.unique}`) }),
    required: ['subscription'],
    expect: signedIn(201),
  },
  {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    body: (i) => ({ endpoint: pushSubscription(`${i.kind}-${i.scene.unique}`).endpoint }),
    required: ['endpoint'],
    expect: signedIn(200),
  },
];

const notifications: RouteEntry[] = [
  { method: 'GET', path: '/api/notifications/preferences', expect: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/notifications/preferences',
    body: () => ({ push: true, email: true }),
    required: ['push', 'email'],
    expect: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    // The token is the whole authority: anyone holding the mail's link may use it.
    body: async (i) => ({
      token: (await loadUnsubscribeTokens(i.db)).tokenFor(i.scene.target.id),
    }),
    required: ['token'],
    readsQuery: ['token'],
    expect: anyone(200),
  },
  {
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    // A browser opening the mail's one-click URL: sent to the app's page, nothing changed.
    query: async (i) => ({
      token: (await loadUnsubscribeTokens(i.db)).tokenFor(i.scene.target.id),
    }),
    readsQuery: ['token'],
    expect: anyone(303),
  },
];

export const ROUTES: readonly RouteEntry[] = [
  ...securityAndAuth,
  ...adminUsers,
  ...adminRounds,
  ...feedbackAndApplications,
  ...cargo,
  ...volunteerRounds,
  ...calendar,
  ...orders,
  ...devices,
  ...notifications,
  ...push,
];

/** The path template with the cell's params filled in. */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${template}`);
    return encodeURIComponent(String(value));
  });
}
