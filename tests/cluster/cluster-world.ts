// The cluster test's world, written into its fresh PostgreSQL database before the processes
// start (migrated here, so two processes never race to migrate): an admin, clients, a catalogue
// item whose stock cannot run out, and the delivery round new orders land on. Plus the calls a
// client makes through nginx's TLS port: plain JSON, or sealed for its secure session with the
// login cookie and an Idempotency-Key, as the web client's outbox sends a write.
import { randomUUID } from 'node:crypto';
import { DEFAULT_CLIENT_AUTH_KEY, DEFAULT_CLIENT_ID } from '#server/config';
import { openDatabase } from '#server/db/kysely';
import { migrateToLatest } from '#server/db/migrate';
import {
  createCatalogueItem,
  createTestRound,
  createUser,
  type TestUser,
} from '../support/factories.ts';
import {
  deriveAesKey,
  newClientKeys,
  open,
  rec,
  seal,
  signHandshake,
  WireClient,
} from '../independent-client/wire-client.ts';
import type { TlsClient, TlsReply } from '../../scripts/lib/tls-client.ts';

export const PASSWORD = 'Cluster-pass-2026';

export interface ClusterWorld {
  admin: TestUser;
  clients: TestUser[];
  item: { id: number; name: string };
}

export async function seedClusterWorld(
  databaseUrl: string,
  dataDir: string,
  clients: number,
): Promise<ClusterWorld> {
  const opened = openDatabase(databaseUrl, dataDir);
  try {
    await migrateToLatest(opened);
    const db = opened.db;
    const admin = await createUser(db, { role: 'ADMIN', password: PASSWORD });
    const made = await Promise.all(
      Array.from({ length: clients }, () => createUser(db, { password: PASSWORD })),
    );
    const item = await createCatalogueItem(db, { quantity: 900_000 });
    await createTestRound(db, { startsInMs: 24 * 60 * 60 * 1000, maxParticipants: 50 });
    return { admin, clients: made, item };
  } finally {
    await opened.db.destroy();
  }
}

export interface JsonReply {
  status: number;
  json: unknown;
  headers: TlsReply['headers'];
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A plain JSON call through nginx from `from` (a loopback address). */
export async function plainThrough(
  tls: TlsClient,
  from: string,
  method: string,
  path: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<JsonReply> {
  const reply = await tls.request({
    method,
    path,
    localAddress: from,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, json: parse(reply.text), headers: reply.headers };
}

/** A write sealed for the client's secure session, through nginx from `from`. */
export async function sealedThrough(
  tls: TlsClient,
  from: string,
  client: WireClient,
  request: { method: string; path: string; body: object; key: string },
): Promise<JsonReply> {
  const session = client.session;
  if (session === undefined) throw new Error('no secure session');
  const reply = await tls.request({
    method: request.method,
    path: request.path,
    localAddress: from,
    headers: {
      cookie: client.cookieHeader(),
      'content-type': 'text/plain',
      'x-session-id': session.sessionId,
      'idempotency-key': request.key,
    },
    body: seal(session.aesKey, JSON.stringify(request.body)),
  });
  const type = String(reply.headers['content-type'] ?? '');
  const text = type.startsWith('text/plain') ? open(session.aesKey, reply.text) : reply.text;
  return { status: reply.status, json: parse(text), headers: reply.headers };
}

/** An order of the seeded item, its notes naming its key (to find it in the database). */
export function orderBody(client: TestUser, item: { name: string }, note: string): object {
  return {
    authenticated: true,
    userId: client.id,
    userRole: 'CLIENT',
    deliveryAddress: '12 Harbour St',
    phoneNumber: client.phone,
    notes: note,
    items: [{ itemName: item.name, quantity: 1 }],
  };
}

/** The same login and secure session used against another process. */
export function sameClientOn(
  client: WireClient,
  baseUrl: string,
  make: (url: string) => WireClient,
) {
  const other = make(baseUrl);
  other.session = client.session;
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/**
 * A handshake and a sealed login through nginx from `from`, as the web client signs in (each
 * client from its own address, so the per-address login limit of 20 a minute is its own).
 * Returns a WireClient holding the session and cookies (its base URL is `baseUrl`).
 */
export async function signInThrough(
  tls: TlsClient,
  from: string,
  user: TestUser,
  baseUrl: string,
): Promise<WireClient> {
  const signed = () => {
    const timestamp = String(Date.now());
    return {
      'x-client-id': DEFAULT_CLIENT_ID,
      'x-timestamp': timestamp,
      'x-signature': signHandshake(DEFAULT_CLIENT_AUTH_KEY, DEFAULT_CLIENT_ID, timestamp),
    };
  };
  const started = await plainThrough(
    tls,
    from,
    'GET',
    '/api/security/initiate-handshake',
    undefined,
    signed(),
  );
  const offer = rec(started.json, 'initiate-handshake');
  const keys = newClientKeys();
  const completed = await plainThrough(
    tls,
    from,
    'POST',
    '/api/security/complete-handshake',
    { sessionId: offer.sessionId, clientPublicKey: keys.spki },
    signed(),
  );
  if (completed.status !== 200) throw new Error(`handshake: ${completed.status}`);
  const client = new WireClient(baseUrl, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_AUTH_KEY);
  client.session = {
    sessionId: String(offer.sessionId),
    aesKey: deriveAesKey(keys.privateKey, String(offer.serverPublicKey)),
  };
  const login = await sealedThrough(tls, from, client, {
    method: 'POST',
    path: '/api/auth/login',
    body: { username: user.username, password: PASSWORD },
    key: randomUUID(),
  });
  if (login.status !== 200) throw new Error(`login of ${user.username}: ${login.status}`);
  const setCookie = login.headers['set-cookie'] ?? [];
  for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) client.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return client;
}
