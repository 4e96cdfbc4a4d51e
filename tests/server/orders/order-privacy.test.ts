// The address window on the order lists (beyond-spec.md section 2): a volunteer CONFIRMED on a
// round sees its orders' address, phone, notes and guest names only from ADDRESS_REVEAL_HOURS
// (24) before it starts until 12 h after it ends, never a guest's email nor a cancelled order;
// an admin always sees, a client their own; a purged order has nothing for anyone. Every reply
// giving a volunteer or an admin an address or phone appends ONE personal_data.read entry
// naming only the orders whose data it holds, before the reply leaves.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import { userOrdersPath, type OrderReply } from '#shared/contracts/orders';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createOrderOnRound,
  createSignedInUser,
  createSignup,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const SECRETS = { address: '9 Window Street', phone: '5553334444', notes: 'Knock softly' };
const GUEST = { firstName: 'Gwen', lastName: 'Guestly', email: 'gwen@guest.example.org' };

interface AuditRow {
  actor_id: number | null;
  target_type: string | null;
  target_id: number | null;
  details: string | null;
}

/** The personal_data.read entries appended after entry `afterId`, oldest first. */
async function readsSince(db: Db, afterId: number): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_log')
    .select(['actor_id', 'target_type', 'target_id', 'details'])
    .where('action', '=', 'personal_data.read')
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
}

async function lastAuditId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? 0;
}

async function makeGuestOrder(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      order_type: 'GUEST',
      user_id: null,
      first_name: GUEST.firstName,
      last_name: GUEST.lastName,
      email: GUEST.email,
    })
    .where('id', '=', orderId)
    .execute();
}

/** As the retention sweep leaves an order (src/server/privacy). */
async function purge(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      status: 'COMPLETED',
      delivery_address: '',
      phone_number: null,
      notes: null,
      first_name: null,
      last_name: null,
      email: null,
      personal_data_purged_at: new Date().toISOString(),
    })
    .where('id', '=', orderId)
    .execute();
}

describe.each(testDialects())('the address window on order lists (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let volunteer: SignedInUser;
  let admin: SignedInUser;
  let client: SignedInUser;
  const rounds = { far: 0, near: 0, past: 0 };
  const starts = { far: 0, near: 0, past: 0 };
  /** far: in 3 days; near: in 2 h (a guest's, a cancelled and a purged one); past: ended 13 h ago. */
  const ids = { far: 0, nearGuest: 0, nearCancelled: 0, nearPurged: 0, past: 0 };

  beforeAll(async () => {
    const db = server.app.ctx.opened.db;
    [volunteer, admin, client] = await Promise.all([
      createSignedInUser(db, { role: 'VOLUNTEER' }),
      createSignedInUser(db, { role: 'ADMIN' }),
      createSignedInUser(db),
    ]);
    const now = Date.now();
    starts.far = now + 3 * DAY;
    starts.near = now + 2 * HOUR;
    starts.past = now - 16 * HOUR; // 3 h long: ended 13 h ago
    for (const key of ['far', 'near', 'past'] as const) {
      rounds[key] = await createTestRound(db, { start: new Date(starts[key]) });
      await createSignup(db, rounds[key], volunteer.id, 'CONFIRMED');
    }
    const details = {
      deliveryAddress: SECRETS.address,
      phoneNumber: SECRETS.phone,
      notes: SECRETS.notes,
    };
    const own = { ...details, userId: client.id };
    ids.far = await createOrderOnRound(db, rounds.far, own);
    ids.past = await createOrderOnRound(db, rounds.past, { ...own, status: 'COMPLETED' });
    ids.nearCancelled = await createOrderOnRound(db, rounds.near, { ...own, status: 'CANCELLED' });
    ids.nearPurged = await createOrderOnRound(db, rounds.near, own);
    await purge(db, ids.nearPurged);
    ids.nearGuest = await createOrderOnRound(db, rounds.near, details);
    await makeGuestOrder(db, ids.nearGuest);
  });

  const get = (url: string, who: SignedInUser) => call(server.app, 'GET', url, { as: who });
  const byId = (orders: OrderReply[]) => new Map(orders.map((o) => [o.orderId, o]));
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const windowEnd = (start: number) => new Date(start + 3 * HOUR + 12 * HOUR).toISOString();

  function expectVolunteerView(orders: OrderReply[]): void {
    const seen = byId(orders);
    expect(sorted([...seen.keys()])).toEqual(
      sorted([ids.far, ids.nearGuest, ids.nearPurged, ids.past]),
    );
    expect(seen.get(ids.far)).toMatchObject({
      userId: null,
      deliveryAddress: null,
      phoneNumber: null,
      notes: null,
      personalDataHidden: true,
      personalDataShownFrom: new Date(starts.far - DAY).toISOString(),
      personalDataPurged: false,
      personalDataUntil: windowEnd(starts.far),
    });
    expect(seen.get(ids.nearGuest)).toMatchObject({
      deliveryAddress: SECRETS.address,
      phoneNumber: SECRETS.phone,
      notes: SECRETS.notes,
      firstName: GUEST.firstName,
      lastName: GUEST.lastName,
      email: null,
      personalDataHidden: false,
      personalDataShownFrom: null,
      personalDataUntil: windowEnd(starts.near),
    });
    expect(seen.get(ids.past)).toMatchObject({
      deliveryAddress: null,
      phoneNumber: null,
      notes: null,
      personalDataHidden: true,
      personalDataShownFrom: null,
    });
    expect(seen.get(ids.nearPurged)).toMatchObject({
      deliveryAddress: null,
      phoneNumber: null,
      notes: null,
      personalDataPurged: true,
      personalDataUntil: null,
    });
  }

  it('GET /api/orders/all: a volunteer sees only inside the window, no email, no cancelled', async () => {
    const db = server.app.ctx.opened.db;
    const before = await lastAuditId(db);
    const res = await get('/api/orders/all?authenticated=true&userRole=VOLUNTEER', volunteer);
    expect(res.statusCode).toBe(200);
    expectVolunteerView(res.json<{ orders: OrderReply[] }>().orders);
    expect(res.body).not.toContain(GUEST.email);
    expect(await readsSince(db, before)).toEqual([
      {
        actor_id: volunteer.id,
        target_type: 'order',
        target_id: null,
        details: JSON.stringify({ route: 'GET /api/orders/all', orderIds: [ids.nearGuest] }),
      },
    ]);
    // Asking for cancelled orders gets none, and a reply without personal data records nothing.
    const cancelled = await get('/api/orders/all?status=CANCELLED', volunteer);
    expect(cancelled.json()).toEqual({ status: 'success', orders: [] });
    const mark = await lastAuditId(db);
    const page = await get(
      `/api/orders/all?limit=1&before=${encodeURIComponent(
        `${new Date(Date.now() + DAY).toISOString()}_1`,
      )}`,
      volunteer,
    );
    expect(page.statusCode).toBe(200);
    const pageIds = page.json<{ orders: OrderReply[] }>().orders.map((o) => o.orderId);
    expect(pageIds).toEqual([ids.nearGuest]);
    const pageReads = await readsSince(db, mark);
    expect(pageReads.map((r) => JSON.parse(r.details!) as unknown)).toEqual([
      { route: 'GET /api/orders/all', orderIds: [ids.nearGuest] },
    ]);
  });

  it('GET /api/orders/volunteer/assigned: the same window, recorded under its own route', async () => {
    const db = server.app.ctx.opened.db;
    const before = await lastAuditId(db);
    const res = await get('/api/orders/volunteer/assigned', volunteer);
    expect(res.statusCode).toBe(200);
    expectVolunteerView(res.json<{ orders: OrderReply[] }>().orders);
    expect(res.body).not.toContain(GUEST.email);
    const reads = await readsSince(db, before);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.actor_id).toBe(volunteer.id);
    expect(JSON.parse(reads[0]!.details!)).toEqual({
      route: 'GET /api/orders/volunteer/assigned',
      orderIds: [ids.nearGuest],
    });
  });

  it('an admin always sees (email too) except purged orders, and every look is recorded', async () => {
    const db = server.app.ctx.opened.db;
    const before = await lastAuditId(db);
    const res = await get('/api/orders/all', admin);
    expect(res.statusCode).toBe(200);
    const seen = byId(res.json<{ orders: OrderReply[] }>().orders);
    for (const id of [ids.far, ids.past, ids.nearCancelled, ids.nearGuest]) {
      expect(seen.get(id), String(id)).toMatchObject({
        deliveryAddress: SECRETS.address,
        phoneNumber: SECRETS.phone,
        personalDataHidden: false,
        personalDataPurged: false,
      });
    }
    expect(seen.get(ids.nearGuest)).toMatchObject({ email: GUEST.email, personalDataUntil: null });
    // Final orders expire RETENTION_DAYS (30) after their last change; open ones never.
    const past = seen.get(ids.past)!;
    expect(Date.parse(past.personalDataUntil!) - Date.now()).toBeGreaterThan(29 * DAY);
    expect(seen.get(ids.nearPurged)).toMatchObject({
      deliveryAddress: null,
      phoneNumber: null,
      notes: null,
      email: null,
      personalDataPurged: true,
      personalDataHidden: false,
      personalDataUntil: null,
    });
    const reads = await readsSince(db, before);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actor_id: admin.id, target_type: 'order' });
    const details = JSON.parse(reads[0]!.details!) as { route: string; orderIds: number[] };
    expect(details.route).toBe('GET /api/orders/all');
    expect(sorted(details.orderIds)).toEqual(
      sorted([ids.far, ids.past, ids.nearCancelled, ids.nearGuest]),
    );
  });

  it('a client sees their own history (purged said so) and nothing is recorded', async () => {
    const db = server.app.ctx.opened.db;
    const before = await lastAuditId(db);
    const res = await get(userOrdersPath(client.id), client);
    expect(res.statusCode).toBe(200);
    const seen = byId(res.json<{ orders: OrderReply[] }>().orders);
    expect(sorted([...seen.keys()])).toEqual(sorted([ids.far, ids.past, ids.nearPurged]));
    expect(seen.get(ids.far)).toMatchObject({
      deliveryAddress: SECRETS.address,
      personalDataHidden: false,
      personalDataUntil: null,
    });
    expect(seen.get(ids.nearPurged)).toMatchObject({
      deliveryAddress: null,
      phoneNumber: null,
      personalDataPurged: true,
    });
    expect(await readsSince(db, before)).toEqual([]);
  });

  it('a reply whose read cannot be recorded fails, and no address leaves', async () => {
    const db = server.app.ctx.opened.db;
    await sql`alter table audit_log rename to audit_log_away`.execute(db);
    try {
      const res = await get('/api/orders/all', admin);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(SECRETS.address);
      // A reply without personal data has nothing to record, so it still works.
      const none = await get('/api/orders/all?status=CANCELLED', volunteer);
      expect(none.statusCode).toBe(200);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(db);
    }
  });
});
