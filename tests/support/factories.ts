// Test data made directly in the database (no API calls), so each test states only what it
// is about. Users get a real argon2 hash; signedInCookie opens a real login session.
import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/kysely';
import type {
  OrderStatus,
  Role,
  RoundStatus,
  SignupStatus,
  VolunteerSubRole,
} from '#server/db/schema';
import { hashPassword } from '#server/auth/passwords';
import { createLoginSession } from '#server/auth/login-sessions.repository';
import { LOGIN_COOKIE } from '#server/plugins/access';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  phone: string;
  role: Role;
  /** The clear-text password (null when created without one). */
  password: string | null;
}

export interface UserOverrides {
  username?: string;
  email?: string;
  phone?: string;
  role?: Role;
  password?: string | null;
  firstName?: string;
  lastName?: string;
  volunteerSubRole?: VolunteerSubRole | null;
  /** Whether the email counts as proven (beyond-spec.md "Email ownership"); default false. */
  emailVerified?: boolean;
  /** The account's chosen language (users.language); default none (null). */
  language?: 'en' | 'es' | null;
}

/** A letters-only name no other test user has (usernames are letters only). */
export function uniqueUsername(prefix = 'user'): string {
  const letters = Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('');
  return `${prefix}${letters}`;
}

export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<TestUser> {
  const username = overrides.username ?? uniqueUsername();
  const email = overrides.email ?? `${username.toLowerCase()}@example.org`;
  const phone = overrides.phone ?? '5550001234';
  const role = overrides.role ?? 'CLIENT';
  const password = overrides.password === undefined ? 'secret123' : overrides.password;
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      username,
      username_key: username.toLowerCase(),
      email,
      email_key: email.toLowerCase(),
      phone,
      first_name: overrides.firstName ?? null,
      last_name: overrides.lastName ?? null,
      role,
      volunteer_subrole: overrides.volunteerSubRole ?? (role === 'VOLUNTEER' ? 'REGULAR' : null),
      password_hash: password === null ? null : await hashPassword(password),
      email_verified: overrides.emailVerified === true ? 1 : 0,
      // Only when asked: migration tests make users on a schema from before the column.
      ...(overrides.language === undefined ? {} : { language: overrides.language }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, email, phone, role, password };
}

/** A Cookie header value for a fresh login session of the user. */
export async function signedInCookie(db: Db, userId: number): Promise<string> {
  const { token } = await createLoginSession(db, userId, new Date(), {
    idleMs: 60 * 60 * 1000,
    maxMs: 24 * 60 * 60 * 1000,
  });
  return `${LOGIN_COOKIE}=${token}`;
}

/** A test user with the Cookie header value of a login session of theirs. */
export type SignedInUser = TestUser & { cookie: string };

/** A user of the role and a cookie signed in as them. */
export async function createSignedInUser(
  db: Db,
  overrides: UserOverrides = {},
): Promise<SignedInUser> {
  const user = await createUser(db, overrides);
  return { ...user, cookie: await signedInCookie(db, user.id) };
}

// --- Catalogue items, rounds and sign-ups (orders tests) ---

export interface CatalogueItemOverrides {
  name?: string;
  /** The total for an item without sizes (ignored when sizes are given: their sum). */
  quantity?: number;
  /** Size label → quantity. */
  sizes?: Record<string, number>;
  /** How many one order may ask for (the database's default, 10, when absent). */
  maxPerOrder?: number;
}

/** A catalogue item with a unique name (or the given one), straight into the database. */
export async function createCatalogueItem(
  db: Db,
  overrides: CatalogueItemOverrides = {},
): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `Item ${randomBytes(4).toString('hex')}`;
  const sizes = Object.entries(overrides.sizes ?? {});
  const quantity =
    sizes.length > 0 ? sizes.reduce((n, [, q]) => n + q, 0) : (overrides.quantity ?? 100);
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('cargo_items')
      .values({
        name,
        name_key: name.toLowerCase(),
        description: null,
        category: 'Test',
        quantity,
        image_id: null,
        ...(overrides.maxPerOrder === undefined ? {} : { max_per_order: overrides.maxPerOrder }),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (sizes.length > 0) {
      await trx
        .insertInto('cargo_item_sizes')
        .values(sizes.map(([label, q]) => ({ item_id: row.id, size_label: label, quantity: q })))
        .execute();
    }
    return { id: row.id, name };
  });
}

export interface RoundOverrides {
  /** Start, in ms from now (default: a day ahead); negative for a past round. */
  startsInMs?: number;
  /** The start itself, instead of startsInMs. */
  start?: Date;
  title?: string;
  description?: string;
  location?: string;
  status?: RoundStatus;
  maxParticipants?: number;
}

/** A round of 3 hours, titled 'Round <random hex>' unless told otherwise. */
export async function createTestRound(db: Db, overrides: RoundOverrides = {}): Promise<number> {
  const start =
    overrides.start ?? new Date(Date.now() + (overrides.startsInMs ?? 24 * 60 * 60 * 1000));
  const end = new Date(start.getTime() + 3 * 60 * 60 * 1000);
  const now = new Date().toISOString();
  const row = await db
    .insertInto('rounds')
    .values({
      title: overrides.title ?? `Round ${randomBytes(3).toString('hex')}`,
      description: overrides.description ?? null,
      location: overrides.location ?? 'Downtown',
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      max_participants: overrides.maxParticipants ?? 5,
      status: overrides.status ?? 'SCHEDULED',
      team_lead_id: null,
      clinician_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createSignup(
  db: Db,
  roundId: number,
  userId: number,
  status: SignupStatus = 'CONFIRMED',
): Promise<number> {
  const now = new Date().toISOString();
  // The database wants a cancel time on a CANCELLED sign-up, and only there.
  const cancelled = status === 'CANCELLED' ? { cancelled_at: now } : {};
  const row = await db
    .insertInto('round_signups')
    .values({ round_id: roundId, user_id: userId, status, created_at: now, ...cancelled })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// --- Orders on a round (rounds tests) ---

export interface RoundOrderOverrides {
  status?: OrderStatus;
  deliveryAddress?: string;
  phoneNumber?: string;
  notes?: string;
  userId?: number | null;
  items?: { itemName: string; quantity: number }[];
}

/** A CLIENT order attached to the round (or to none with null), straight into the database. */
export async function createOrderOnRound(
  db: Db,
  roundId: number | null,
  overrides: RoundOrderOverrides = {},
): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('orders')
      .values({
        user_id: overrides.userId ?? null,
        order_type: 'CLIENT',
        status: overrides.status ?? 'PENDING',
        delivery_address: overrides.deliveryAddress ?? '12 Secret Lane',
        phone_number: overrides.phoneNumber ?? '5559876543',
        notes: overrides.notes ?? 'Ring twice',
        round_id: roundId,
        request_time: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = overrides.items ?? [{ itemName: 'Socks (L)', quantity: 2 }];
    await trx
      .insertInto('order_items')
      .values(
        items.map((item) => ({
          order_id: row.id,
          item_name: item.itemName,
          quantity: item.quantity,
          cargo_item_id: null,
          size_label: null,
          is_custom: 1,
        })),
      )
      .execute();
    return row.id;
  });
}
