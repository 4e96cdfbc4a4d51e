// The soak's data, written through the server's own db layer before the server starts: a
// catalogue of 30 items (10 with sizes) with stock that cannot run out in a run, an admin,
// clients and volunteers each signed in with a secure session bound to their login (what a
// handshake and a login through it leave behind), the delivery round every volunteer is
// CONFIRMED on (the earliest upcoming, so new orders land there), a few later rounds for
// sign-up and cancel cycles, and a pool of orders waiting on the delivery round.
import { randomBytes } from 'node:crypto';
import type { OpenedDb, Db } from '#server/db/kysely';
import type { Role } from '#server/db/schema';
import { createLoginSession } from '#server/auth/login-sessions.repository';
import { completeHandshake, initiateHandshake } from '#server/security/handshake.service';
import { bindSecureSessionToLogin } from '#server/security/secure-sessions.repository';
import { LOGIN_COOKIE } from '#server/plugins/access';
import {
  deriveAesKeyBytes,
  exportPublicKeySpki,
  generateEcdhKeyPair,
  importPeerPublicKey,
} from '#shared/secure-channel/index';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SIZED_STOCK = 300_000_000;
const UNSIZED_STOCK = 1_000_000_000;

export interface Identity {
  userId: number;
  username: string;
  /** Cookie header value of the login session. */
  cookie: string;
  /** The secure session bound to that login, and its AES key. */
  sessionId: string;
  key: Buffer;
}

export interface SoakWorld {
  admin: Identity;
  clients: Identity[];
  volunteers: Identity[];
  /** Names as a client orders them: "Socks (M)" for a sized item. */
  orderableNames: string[];
  /** Rounds the volunteers sign up for and cancel again, each volunteer on one. */
  cycleRoundIds: number[];
  waitingOrderIds: number[];
}

export interface SoakCounts {
  clients: number;
  volunteers: number;
  waitingOrders: number;
}

const letters = (n: number) =>
  Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');

async function insertUser(db: Db, role: Role): Promise<{ id: number; username: string }> {
  const username = `soak${letters(10)}`;
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      username,
      username_key: username,
      email: `${username}@example.org`,
      email_key: `${username}@example.org`,
      phone: '5551234567',
      first_name: 'Soak',
      last_name: role.toLowerCase(),
      role,
      volunteer_subrole: role === 'VOLUNTEER' ? 'REGULAR' : null,
      subrole_notes: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username };
}

/** A login session, and a secure session made by the server's handshake code, bound to it. */
async function signedIn(db: Db, role: Role): Promise<Identity> {
  const user = await insertUser(db, role);
  const now = new Date();
  const login = await createLoginSession(db, user.id, now, { idleMs: DAY, maxMs: DAY });
  const started = await initiateHandshake(db, now);
  const pair = await generateEcdhKeyPair();
  const clientPublicKey = await exportPublicKeySpki(pair.publicKey);
  await completeHandshake(db, { sessionId: started.sessionId, clientPublicKey }, now, DAY);
  await bindSecureSessionToLogin(db, started.sessionId, login.id);
  const raw = await deriveAesKeyBytes(
    pair.privateKey,
    await importPeerPublicKey(started.serverPublicKey),
  );
  return {
    userId: user.id,
    username: user.username,
    cookie: `${LOGIN_COOKIE}=${login.token}`,
    sessionId: started.sessionId,
    key: Buffer.from(raw),
  };
}

async function seedCatalogue(db: Db): Promise<string[]> {
  const names: string[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < 30; i += 1) {
    const sized = i % 3 === 0;
    const name = `Supply ${letters(6)}`;
    const item = await db
      .insertInto('cargo_items')
      .values({
        name,
        name_key: name.toLowerCase(),
        description: 'Soak test item',
        category: ['Hygiene', 'Clothing', 'First aid'][i % 3] ?? null,
        quantity: sized ? 3 * SIZED_STOCK : UNSIZED_STOCK,
        image_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!sized) {
      names.push(name);
      continue;
    }
    const sizes = ['S', 'M', 'L'];
    await db
      .insertInto('cargo_item_sizes')
      .values(sizes.map((s) => ({ item_id: item.id, size_label: s, quantity: SIZED_STOCK })))
      .execute();
    names.push(...sizes.map((s) => `${name} (${s})`));
  }
  return names;
}

async function insertRound(db: Db, startsInMs: number, maxParticipants: number): Promise<number> {
  const start = new Date(Date.now() + startsInMs);
  const now = new Date().toISOString();
  const row = await db
    .insertInto('rounds')
    .values({
      title: `Soak round ${letters(4)}`,
      description: null,
      location: 'Downtown',
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3 * HOUR).toISOString(),
      max_participants: maxParticipants,
      status: 'SCHEDULED',
      team_lead_id: null,
      clinician_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Orders waiting on the round, in batches (one custom line each: no stock involved). */
/**
 * Orders of people outside the soak's accounts: a client may have only 3 open orders
 * (shared/rules/order-limits.ts), so the clients' own come from the load.
 */
async function insertWaitingOrders(db: Db, roundId: number, count: number) {
  const ids: number[] = [];
  const now = new Date().toISOString();
  for (let done = 0; done < count; done += 500) {
    const batch = Array.from({ length: Math.min(500, count - done) }, () => ({
      user_id: null,
      order_type: 'CLIENT' as const,
      status: 'PENDING' as const,
      delivery_address: '12 Harbour St',
      phone_number: '5551234567',
      notes: 'soak',
      round_id: roundId,
      request_time: now,
      updated_at: now,
    }));
    const rows = await db.insertInto('orders').values(batch).returning('id').execute();
    await db
      .insertInto('order_items')
      .values(
        rows.map((r) => ({
          order_id: r.id,
          item_name: 'Warm hat',
          quantity: 1,
          cargo_item_id: null,
          size_label: null,
          is_custom: 1,
        })),
      )
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

async function signedInMany(db: Db, role: Role, count: number): Promise<Identity[]> {
  const identities: Identity[] = [];
  for (let i = 0; i < count; i += 1) identities.push(await signedIn(db, role));
  return identities;
}

/** Everything in one transaction: one commit instead of hundreds of synchronous ones. */
export function seedSoakWorld(opened: OpenedDb, counts: SoakCounts): Promise<SoakWorld> {
  return opened.db.transaction().execute((trx) => seedAll(trx, counts));
}

async function seedAll(db: Db, counts: SoakCounts): Promise<SoakWorld> {
  const orderableNames = await seedCatalogue(db);
  const admin = await signedIn(db, 'ADMIN');
  const clients = await signedInMany(db, 'CLIENT', counts.clients);
  const volunteers = await signedInMany(db, 'VOLUNTEER', counts.volunteers);
  const deliveryRoundId = await insertRound(db, DAY, 10_000);
  const now = new Date().toISOString();
  await db
    .insertInto('round_signups')
    .values(
      volunteers.map((v) => ({
        round_id: deliveryRoundId,
        user_id: v.userId,
        status: 'CONFIRMED' as const,
        created_at: now,
      })),
    )
    .execute();
  const cycleRoundIds: number[] = [];
  for (let day = 2; day <= 6; day += 1)
    cycleRoundIds.push(await insertRound(db, day * DAY, 10_000));
  const waitingOrderIds = await insertWaitingOrders(db, deliveryRoundId, counts.waitingOrders);
  return { admin, clients, volunteers, orderableNames, cycleRoundIds, waitingOrderIds };
}
