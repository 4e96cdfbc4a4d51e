// The admin's actions on a round's people and load: the lottery (only WAITLISTED sign-ups, never
// over capacity), confirm (only into a free slot), reject (delete) and cancel (sign-ups kept,
// open orders back to no round).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignupStatus } from '#server/db/schema';
import type { SelectedVolunteer } from '#shared/contracts/admin-rounds';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createOrderOnRound, createSignup, createTestRound } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { adminBody, cast, confirmedCount, person, signupsOf, type Cast } from './rounds-helpers.ts';

describe.each(testDialects())('admin actions on sign-ups (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let people: Cast;
  const db = () => server.app.ctx.opened.db;

  beforeAll(async () => {
    people = await cast(db());
  });

  /** A round of the capacity with sign-ups of the given statuses, each a new volunteer. */
  async function roundWith(maxParticipants: number, statuses: SignupStatus[]) {
    const roundId = await createTestRound(db(), { maxParticipants });
    const signups: { signupId: number; userId: number; status: SignupStatus }[] = [];
    for (const status of statuses) {
      const userId = (await person(db(), 'VOLUNTEER')).id;
      signups.push({ signupId: await createSignup(db(), roundId, userId, status), userId, status });
    }
    return { roundId, signups };
  }

  const lottery = (roundId: number, headers: Record<string, string> = {}) =>
    call(server.app, 'POST', `/api/admin/rounds/${roundId}/lottery`, {
      as: people.admin,
      body: adminBody(people.admin),
      headers,
    });
  const confirm = (signupId: number, extra: object = {}) =>
    call(server.app, 'PUT', `/api/admin/rounds/signup/${signupId}/confirm`, {
      as: people.admin,
      body: adminBody(people.admin, { adminId: people.admin.id, ...extra }),
    });
  const reject = (signupId: number) =>
    call(server.app, 'DELETE', `/api/admin/rounds/signup/${signupId}`, {
      as: people.admin,
      body: adminBody(people.admin, { adminId: String(people.admin.id) }),
    });
  const cancel = (roundId: number) =>
    call(server.app, 'PUT', `/api/admin/rounds/${roundId}/cancel`, {
      as: people.admin,
      body: adminBody(people.admin),
    });

  it('the lottery fills the free slots from WAITLISTED sign-ups only', async () => {
    const { roundId, signups } = await roundWith(3, [
      'CONFIRMED',
      'WAITLISTED',
      'WAITLISTED',
      'WAITLISTED',
      'WAITLISTED',
      'WAITLISTED',
    ]);
    const res = await lottery(roundId);
    expect(res.statusCode).toBe(200);
    const selected = res.json<{ status: string; selectedVolunteers: SelectedVolunteer[] }>();
    expect(selected.status).toBe('success');
    expect(selected.selectedVolunteers).toHaveLength(2);
    const waitlistedIds = signups.filter((s) => s.status === 'WAITLISTED').map((s) => s.signupId);
    for (const winner of selected.selectedVolunteers) {
      expect(waitlistedIds).toContain(winner.signupId);
      expect(winner).toMatchObject({ firstName: 'Sam', lastName: 'Tester' });
      expect(winner.username).toEqual(expect.any(String));
    }
    const rows = await signupsOf(db(), roundId);
    const nowConfirmed = rows.filter((r) => r.status === 'CONFIRMED').map((r) => r.id);
    expect(nowConfirmed.sort()).toEqual(
      [signups[0]!.signupId, ...selected.selectedVolunteers.map((w) => w.signupId)].sort(),
    );
    // Full now: a second run selects no one.
    const again = await lottery(roundId);
    expect(again.json()).toMatchObject({ status: 'success', selectedVolunteers: [] });
    expect(await confirmedCount(db(), roundId)).toBe(3);
  });

  it('fewer waitlisted than free slots: all of them are selected', async () => {
    const { roundId } = await roundWith(5, ['CONFIRMED', 'WAITLISTED', 'WAITLISTED']);
    const res = await lottery(roundId);
    expect(res.json<{ selectedVolunteers: unknown[] }>().selectedVolunteers).toHaveLength(2);
    expect(await confirmedCount(db(), roundId)).toBe(3);
  });

  it('a round already over capacity (capacity lowered) selects no one', async () => {
    const { roundId } = await roundWith(3, ['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'WAITLISTED']);
    await db()
      .updateTable('rounds')
      .set({ max_participants: 2 })
      .where('id', '=', roundId)
      .execute();
    const res = await lottery(roundId);
    expect(res.json()).toMatchObject({ selectedVolunteers: [] });
    expect(await confirmedCount(db(), roundId)).toBe(3);
  });

  it('concurrent lotteries never fill over capacity', async () => {
    const { roundId } = await roundWith(4, Array<SignupStatus>(10).fill('WAITLISTED'));
    const replies = await Promise.all([lottery(roundId), lottery(roundId), lottery(roundId)]);
    const drawn = replies.flatMap(
      (r) => r.json<{ selectedVolunteers: SelectedVolunteer[] }>().selectedVolunteers,
    );
    expect(drawn).toHaveLength(4);
    expect(await confirmedCount(db(), roundId)).toBe(4);
  });

  it('a lottery replayed with its Idempotency-Key returns the same draw', async () => {
    const { roundId } = await roundWith(2, Array<SignupStatus>(6).fill('WAITLISTED'));
    const key = randomUUID();
    const first = await lottery(roundId, { 'idempotency-key': key });
    const replay = await lottery(roundId, { 'idempotency-key': key });
    expect(replay.json()).toEqual(first.json());
    expect(await confirmedCount(db(), roundId)).toBe(2);
  });

  it('the lottery refuses a cancelled or completed round (409), an unknown one (404)', async () => {
    for (const status of ['CANCELLED', 'COMPLETED'] as const) {
      const roundId = await createTestRound(db(), { status });
      await createSignup(db(), roundId, (await person(db(), 'VOLUNTEER')).id, 'WAITLISTED');
      expect((await lottery(roundId)).statusCode).toBe(409);
      expect(await confirmedCount(db(), roundId)).toBe(0);
    }
    expect((await lottery(987654)).statusCode).toBe(404);
  });

  it('confirm moves a WAITLISTED sign-up into a free slot', async () => {
    const { roundId, signups } = await roundWith(2, ['CONFIRMED', 'WAITLISTED']);
    const res = await confirm(signups[1]!.signupId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    expect(await confirmedCount(db(), roundId)).toBe(2);
    // Confirming it again changes nothing.
    expect((await confirm(signups[1]!.signupId)).statusCode).toBe(200);
    expect(await confirmedCount(db(), roundId)).toBe(2);
  });

  it('confirm refuses a full round with 409', async () => {
    const { roundId, signups } = await roundWith(1, ['CONFIRMED', 'WAITLISTED']);
    const res = await confirm(signups[1]!.signupId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', error: 'CONFLICT' });
    expect((await signupsOf(db(), roundId))[1]?.status).toBe('WAITLISTED');
  });

  it('confirm: an unknown sign-up is a 404; another admin’s adminId a 403', async () => {
    expect((await confirm(987654)).statusCode).toBe(404);
    const { roundId, signups } = await roundWith(2, ['WAITLISTED']);
    const other = await person(db(), 'ADMIN');
    const forged = await confirm(signups[0]!.signupId, { adminId: other.id });
    expect(forged.statusCode).toBe(403);
    const forgedQuery = await call(
      server.app,
      'PUT',
      `/api/admin/rounds/signup/${signups[0]!.signupId}/confirm?adminId=${other.id}`,
      { as: people.admin, body: adminBody(people.admin) },
    );
    expect(forgedQuery.statusCode).toBe(403);
    expect(await confirmedCount(db(), roundId)).toBe(0);
  });

  it('reject deletes the sign-up; a second reject is a 404', async () => {
    const { roundId, signups } = await roundWith(2, ['WAITLISTED', 'CONFIRMED']);
    const res = await reject(signups[0]!.signupId);
    expect(res.statusCode).toBe(200);
    expect((await signupsOf(db(), roundId)).map((s) => s.id)).toEqual([signups[1]!.signupId]);
    expect((await reject(signups[0]!.signupId)).statusCode).toBe(404);
  });

  it('cancel: CANCELLED, sign-ups kept, only open orders detached, in one go', async () => {
    const { roundId } = await roundWith(3, ['CONFIRMED', 'WAITLISTED']);
    const orders = {
      pending: await createOrderOnRound(db(), roundId, { status: 'PENDING' }),
      processing: await createOrderOnRound(db(), roundId, { status: 'PROCESSING' }),
      completed: await createOrderOnRound(db(), roundId, { status: 'COMPLETED' }),
      cancelled: await createOrderOnRound(db(), roundId, { status: 'CANCELLED' }),
    };
    const res = await cancel(roundId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', detachedOrders: 2 });
    const round = await db()
      .selectFrom('rounds')
      .select('status')
      .where('id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round.status).toBe('CANCELLED');
    expect(await signupsOf(db(), roundId)).toHaveLength(2);
    const rows = await db()
      .selectFrom('orders')
      .select(['id', 'round_id', 'status'])
      .where('id', 'in', Object.values(orders))
      .execute();
    const roundOf = (id: number) => rows.find((r) => r.id === id)?.round_id;
    expect(roundOf(orders.pending)).toBeNull();
    expect(roundOf(orders.processing)).toBeNull();
    expect(roundOf(orders.completed)).toBe(roundId);
    expect(roundOf(orders.cancelled)).toBe(roundId);
    // The calendar no longer shows it.
    const all = await call(server.app, 'GET', '/api/rounds/all', { as: people.volunteer });
    expect(
      all.json<{ rounds: { roundId: number }[] }>().rounds.map((r) => r.roundId),
    ).not.toContain(roundId);
  });

  it('cancel: twice is a 409, a completed round a 409, an unknown one a 404', async () => {
    const roundId = await createTestRound(db());
    expect((await cancel(roundId)).statusCode).toBe(200);
    expect((await cancel(roundId)).statusCode).toBe(409);
    const completed = await createTestRound(db(), { status: 'COMPLETED' });
    expect((await cancel(completed)).statusCode).toBe(409);
    expect((await cancel(987654)).statusCode).toBe(404);
  });
});
