// Events 2–5 of beyond-spec.md section 3 are queued in the transaction of the change that
// causes them: one row per recipient and channel, once per event (a replay of the same
// Idempotency-Key, a lottery run twice), and nothing when the change is refused. The worker is
// off here, so the rows stay as queued.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createOrderOnRound,
  createSignup,
  createTestRound,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { adminBody, cast, person, volunteerBody, type Cast } from '../rounds/rounds-helpers.ts';
import { clientOrder } from '../orders/order-helpers.ts';
import { bothChannels, countQueued, queued, recipientsOf } from './notify-helpers.ts';

describe.each(testDialects())('notifications queued with their change (%s)', (dialect) => {
  const server = useTestServer(dialect, { notificationWorker: false, rateLimitScale: 100 });
  const db = () => server.app.ctx.opened.db;
  let people: Cast;

  beforeAll(async () => {
    people = await cast(db());
  });

  const admin = (method: 'PUT' | 'POST' | 'DELETE', url: string, extra: object = {}) =>
    call(server.app, method, url, {
      as: people.admin,
      body: adminBody(people.admin, extra),
      headers: { 'idempotency-key': randomUUID() },
    });

  /** Who was told of the round's cancellations (each cancel's key holds its time). */
  const cancellationsOf = async (roundId: number) =>
    (await queued(db(), 'round.cancelled'))
      .filter((r) => r.event_key.startsWith(`round.cancelled:round:${roundId}:`))
      .map((r) => `${r.user_id}:${r.channel}`)
      .sort();

  it('a lottery queues "You\'re in" to each winner once, also when it runs again', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 2, title: 'Night walk' });
    const a = await person(db(), 'VOLUNTEER');
    const b = await person(db(), 'VOLUNTEER');
    const c = await person(db(), 'VOLUNTEER');
    const sa = await createSignup(db(), roundId, a.id, 'WAITLISTED');
    const sb = await createSignup(db(), roundId, b.id, 'WAITLISTED');
    await createSignup(db(), roundId, c.id, 'CONFIRMED');
    const key = randomUUID();
    const run = () =>
      call(server.app, 'POST', `/api/admin/rounds/${roundId}/lottery`, {
        as: people.admin,
        body: adminBody(people.admin),
        headers: { 'idempotency-key': key },
      });
    expect((await run()).statusCode).toBe(200);
    expect((await run()).headers['idempotent-replayed']).toBe('true');
    // A second lottery (a new key): no slot left, nobody new, nothing queued twice.
    expect((await admin('POST', `/api/admin/rounds/${roundId}/lottery`)).statusCode).toBe(200);
    const rows = (await queued(db(), 'signup.confirmed')).filter((r) =>
      [a.id, b.id, c.id].includes(r.user_id),
    );
    expect(rows).toHaveLength(2); // one winner (one free slot), push + email
    const won = rows[0]?.user_id;
    expect([a.id, b.id]).toContain(won);
    expect(rows[0]?.event_key).toMatch(new RegExp(`^signup\\.confirmed:signup:(${sa}|${sb})$`));
    const params = JSON.parse(rows[0]?.params ?? '{}') as { title: string; roundId: number };
    expect(params).toMatchObject({ title: 'Night walk', roundId });
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'push']);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
  });

  it('an admin confirm, a reject, a round change and a cancel queue their events', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 3 });
    const a = await person(db(), 'VOLUNTEER');
    const b = await person(db(), 'VOLUNTEER');
    const d = await person(db(), 'VOLUNTEER');
    const sa = await createSignup(db(), roundId, a.id, 'WAITLISTED');
    await createSignup(db(), roundId, b.id, 'CONFIRMED');
    const sd = await createSignup(db(), roundId, d.id, 'WAITLISTED');

    const confirm = await admin('PUT', `/api/admin/rounds/signup/${sa}/confirm`, {
      adminId: people.admin.id,
    });
    expect(confirm.statusCode).toBe(200);
    expect(await recipientsOf(db(), `signup.confirmed:signup:${sa}`)).toEqual(bothChannels([a.id]));

    const reject = await admin('DELETE', `/api/admin/rounds/signup/${sd}`, {
      adminId: String(people.admin.id),
    });
    expect(reject.statusCode).toBe(200);
    expect(await recipientsOf(db(), `signup.rejected:signup:${sd}`)).toEqual(bothChannels([d.id]));

    // A title change alone is no event; a new start is.
    const before = await countQueued(db());
    expect(
      (await admin('PUT', `/api/admin/rounds/${roundId}`, { title: 'Renamed' })).statusCode,
    ).toBe(200);
    expect(await countQueued(db())).toBe(before);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const endLater = new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString();
    const moved = await admin('PUT', `/api/admin/rounds/${roundId}`, {
      startTime: later,
      endTime: endLater,
    });
    expect(moved.statusCode).toBe(200);
    const changed = await queued(db(), 'round.changed');
    expect(changed.map((r) => `${r.user_id}:${r.channel}`).sort()).toEqual(
      bothChannels([a.id, b.id]),
    );
    expect(JSON.parse(changed[0]?.params ?? '{}')).toMatchObject({ startTime: later });

    expect((await admin('PUT', `/api/admin/rounds/${roundId}/cancel`)).statusCode).toBe(200);
    expect(await cancellationsOf(roundId)).toEqual(bothChannels([a.id, b.id]));
    // Refused (already cancelled): nothing more.
    const count = await countQueued(db());
    expect((await admin('PUT', `/api/admin/rounds/${roundId}/cancel`)).statusCode).toBe(409);
    expect(await countQueued(db())).toBe(count);
  });

  it('a round cancelled, set back to SCHEDULED and cancelled again is told each time', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 3 });
    const a = await person(db(), 'VOLUNTEER');
    const b = await person(db(), 'VOLUNTEER');
    await createSignup(db(), roundId, a.id, 'CONFIRMED');
    await createSignup(db(), roundId, b.id, 'WAITLISTED');
    expect((await admin('PUT', `/api/admin/rounds/${roundId}/cancel`)).statusCode).toBe(200);
    const reinstated = await admin('PUT', `/api/admin/rounds/${roundId}`, {
      status: 'SCHEDULED',
    });
    expect(reinstated.statusCode).toBe(200);
    // Back on: those told it was cancelled are told it happens after all (as a change).
    const backOn = (await queued(db(), 'round.changed')).filter(
      (r) => (JSON.parse(r.params) as { roundId: number }).roundId === roundId,
    );
    expect(backOn.map((r) => `${r.user_id}:${r.channel}`).sort()).toEqual(
      bothChannels([a.id, b.id]),
    );
    // Cancelled again, the second time by the update form.
    const again = await admin('PUT', `/api/admin/rounds/${roundId}`, { status: 'CANCELLED' });
    expect(again.statusCode).toBe(200);
    const rows = (await queued(db(), 'round.cancelled')).filter(
      (r) => (JSON.parse(r.params) as { roundId: number }).roundId === roundId,
    );
    // Two cancellations, each once per volunteer and channel.
    expect(new Set(rows.map((r) => r.event_key)).size).toBe(2);
    expect(rows.map((r) => `${r.user_id}:${r.channel}`).sort()).toEqual(
      [...bothChannels([a.id, b.id]), ...bothChannels([a.id, b.id])].sort(),
    );
  });

  it("a client's order completed, or cancelled by an admin, reaches the client; their own cancel does not", async () => {
    const roundId = await createTestRound(db());
    const volunteer = await person(db(), 'VOLUNTEER');
    await createSignup(db(), roundId, volunteer.id, 'CONFIRMED');
    const done = await createOrderOnRound(db(), roundId, { userId: people.client.id });
    const complete = await call(server.app, 'PUT', `/api/orders/${done}/status`, {
      as: volunteer,
      body: volunteerBody(volunteer, { status: 'COMPLETED' }),
    });
    expect(complete.statusCode).toBe(200);
    expect(await recipientsOf(db(), `order.completed:order:${done}`)).toEqual(
      bothChannels([people.client.id]),
    );
    const params = (await queued(db(), 'order.completed'))[0]?.params ?? '';
    expect(params).not.toContain('Secret Lane');
    expect(params).not.toContain('5559876543');

    const byAdmin = await createOrderOnRound(db(), roundId, { userId: people.client.id });
    expect((await admin('POST', `/api/orders/${byAdmin}/cancel`)).statusCode).toBe(200);
    expect(await recipientsOf(db(), `order.cancelled:order:${byAdmin}`)).toEqual(
      bothChannels([people.client.id]),
    );

    const own = await createOrderOnRound(db(), roundId, { userId: people.client.id });
    const cancelOwn = await call(server.app, 'POST', `/api/orders/${own}/cancel`, {
      as: people.client,
      body: { authenticated: true, userId: String(people.client.id), userRole: 'CLIENT' },
    });
    expect(cancelOwn.statusCode).toBe(200);
    expect(await recipientsOf(db(), `order.cancelled:order:${own}`)).toEqual([]);
  });

  it('a new application and an item emptied (by an order, by an admin) reach every admin', async () => {
    const second = await person(db(), 'ADMIN');
    const admins = (
      await db().selectFrom('users').select('id').where('role', '=', 'ADMIN').execute()
    ).map((r) => r.id);
    expect(admins).toContain(second.id);
    const apply = await call(server.app, 'POST', '/api/volunteer/apply', {
      body: {
        firstName: 'Val',
        lastName: 'Unteer',
        email: `${randomUUID()}@applicant.example.org`,
        phone: '5551239999',
      },
    });
    expect(apply.statusCode).toBe(200);
    const applicationId = apply.json<{ applicationId: number }>().applicationId;
    expect(await recipientsOf(db(), `application.new:application:${applicationId}`)).toEqual(
      bothChannels(admins),
    );

    const item = await createCatalogueItem(db(), { quantity: 2 });
    const order = await call(server.app, 'POST', '/api/orders/create', {
      as: people.client,
      body: clientOrder(people.client.id, [{ itemName: item.name, quantity: 2 }]),
    });
    expect(order.statusCode).toBe(200);
    const empty = (await queued(db(), 'item.outOfStock')).filter((r) =>
      r.event_key.startsWith(`item.outOfStock:item:${item.id}:`),
    );
    expect(empty.map((r) => `${r.user_id}:${r.channel}`).sort()).toEqual(bothChannels(admins));

    const other = await createCatalogueItem(db(), { quantity: 5 });
    const edit = await call(server.app, 'PUT', `/api/cargo/items/${other.id}`, {
      as: people.admin,
      body: { quantity: 0 },
    });
    expect(edit.statusCode).toBe(200);
    const edited = (await queued(db(), 'item.outOfStock')).filter((r) =>
      r.event_key.startsWith(`item.outOfStock:item:${other.id}:`),
    );
    expect(edited).toHaveLength(admins.length * 2);
  });

  it('an order refused (short on stock) queues nothing', async () => {
    const item = await createCatalogueItem(db(), { quantity: 1 });
    const before = await countQueued(db());
    const refused = await call(server.app, 'POST', '/api/orders/create', {
      as: people.client,
      body: clientOrder(people.client.id, [{ itemName: item.name, quantity: 2 }]),
    });
    expect(refused.statusCode).toBe(409);
    expect(await countQueued(db())).toBe(before);
  });
});
