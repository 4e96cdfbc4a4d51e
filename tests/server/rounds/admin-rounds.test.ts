// Admin rounds: create, update, the lists and the detail, and bad input (always a 4xx naming
// the field, never a 5xx, and nothing written).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRound } from '#shared/contracts/admin-rounds';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createOrderOnRound, createSignup, createTestRound } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { adminBody, adminQuery, cast, DAY, person, type Cast } from './rounds-helpers.ts';

const VALID = {
  title: 'Night outreach',
  description: 'Socks and water',
  location: 'Central station',
  startTime: '2031-05-01T18:00',
  endTime: '2031-05-01T21:30:00+02:00',
  maxParticipants: 4,
};

describe.each(testDialects())('admin rounds (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let people: Cast;
  const db = () => server.app.ctx.opened.db;

  beforeAll(async () => {
    people = await cast(db());
  });

  const create = (fields: object) =>
    call(server.app, 'POST', '/api/admin/rounds/create', {
      as: people.admin,
      body: adminBody(people.admin, fields),
    });
  const update = (roundId: number, fields: object) =>
    call(server.app, 'PUT', `/api/admin/rounds/${roundId}`, {
      as: people.admin,
      body: adminBody(people.admin, fields),
    });
  const detail = async (roundId: number) => {
    const res = await call(
      server.app,
      'GET',
      `/api/admin/rounds/${roundId}?${adminQuery(people.admin)}`,
      { as: people.admin },
    );
    return res.json<{ round: AdminRound; signups: { signupId: number; status: string }[] }>();
  };
  const roundCount = async () => (await db().selectFrom('rounds').select('id').execute()).length;

  it('creates a round: times without an offset are UTC, with one are converted', async () => {
    const res = await create({ ...VALID, teamLeadId: String(people.volunteer.id) });
    expect(res.statusCode).toBe(200);
    const { roundId } = res.json<{ status: string; roundId: number }>();
    expect(res.json()).toMatchObject({ status: 'success', roundId: expect.any(Number) as number });
    const { round } = await detail(roundId);
    expect(round).toEqual({
      roundId,
      title: 'Night outreach',
      description: 'Socks and water',
      location: 'Central station',
      startTime: '2031-05-01T18:00:00.000Z',
      endTime: '2031-05-01T19:30:00.000Z',
      maxParticipants: 4,
      status: 'SCHEDULED',
      teamLeadId: people.volunteer.id,
      clinicianId: null,
      confirmedCount: 0,
      waitlistedCount: 0,
      availableSlots: 4,
    });
  });

  const badInputs: [string, object, RegExp][] = [
    ['missing title', { ...VALID, title: undefined }, /^title: is required/],
    ['blank title', { ...VALID, title: '   ' }, /^title: is required/],
    ['numeric title', { ...VALID, title: 12 }, /^title/],
    ['missing startTime', { ...VALID, startTime: undefined }, /^startTime: is required/],
    ['text startTime', { ...VALID, startTime: 'tomorrow evening' }, /^startTime/],
    ['impossible date', { ...VALID, startTime: '2031-02-30T10:00' }, /^startTime/],
    ['numeric endTime', { ...VALID, endTime: 1_900_000_000 }, /^endTime/],
    ['end before start', { ...VALID, endTime: '2031-05-01T17:00Z' }, /^endTime: must be after/],
    ['end equal to start', { ...VALID, endTime: VALID.startTime }, /^endTime: must be after/],
    ['fractional maxParticipants', { ...VALID, maxParticipants: 2.5 }, /^maxParticipants/],
    ['string maxParticipants', { ...VALID, maxParticipants: '5' }, /^maxParticipants/],
    ['zero maxParticipants', { ...VALID, maxParticipants: 0 }, /^maxParticipants/],
    ['huge maxParticipants', { ...VALID, maxParticipants: 1001 }, /^maxParticipants/],
    ['missing maxParticipants', { ...VALID, maxParticipants: null }, /^maxParticipants/],
    ['unknown teamLeadId', { ...VALID, teamLeadId: 987654 }, /^teamLeadId: there is no user/],
    ['text teamLeadId', { ...VALID, teamLeadId: 'lead' }, /^teamLeadId/],
    ['negative clinicianId', { ...VALID, clinicianId: -3 }, /^clinicianId/],
    ['too long title', { ...VALID, title: 'x'.repeat(201) }, /^title/],
  ];
  for (const [label, body, message] of badInputs) {
    it(`create: ${label} is a 400 naming the field`, async () => {
      const before = await roundCount();
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', error: 'BAD_REQUEST' });
      expect(res.json<{ message: string }>().message).toMatch(message);
      expect(await roundCount()).toBe(before);
    });
  }

  it('create: a CLIENT as clinician is a 400; a JSON array body a 400', async () => {
    const res = await create({ ...VALID, clinicianId: people.client.id });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^clinicianId/);
    const array = await call(server.app, 'POST', '/api/admin/rounds/create', {
      as: people.admin,
      body: [1, 2],
    });
    expect(array.statusCode).toBe(400);
  });

  it('update changes only the fields sent; status is case-insensitive', async () => {
    const roundId = (await create(VALID)).json<{ roundId: number }>().roundId;
    const res = await update(roundId, { title: 'Renamed', status: ' in_progress ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    const { round } = await detail(roundId);
    expect(round).toMatchObject({
      title: 'Renamed',
      status: 'IN_PROGRESS',
      location: VALID.location,
      startTime: '2031-05-01T18:00:00.000Z',
      maxParticipants: 4,
    });
  });

  it('update accepts the whole form sent back, and clears an optional id with null', async () => {
    const roundId = (await create({ ...VALID, clinicianId: people.admin.id })).json<{
      roundId: number;
    }>().roundId;
    const { round } = await detail(roundId);
    const res = await update(roundId, { ...round, clinicianId: null, maxParticipants: 6 });
    expect(res.statusCode).toBe(200);
    expect((await detail(roundId)).round).toMatchObject({ clinicianId: null, maxParticipants: 6 });
  });

  it('update refuses bad values with a 400 and changes nothing', async () => {
    const roundId = (await create(VALID)).json<{ roundId: number }>().roundId;
    const cases: [object, RegExp][] = [
      [{ status: 'DONE' }, /^status: must be one of SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED/],
      [{ status: 3 }, /^status/],
      [{ endTime: '2031-05-01T10:00Z' }, /^endTime: must be after/],
      [{ maxParticipants: 'ten' }, /^maxParticipants/],
      [{ title: '' }, /^title: is required/],
      [{ teamLeadId: 987654 }, /^teamLeadId/],
    ];
    for (const [body, message] of cases) {
      const res = await update(roundId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await detail(roundId)).round).toMatchObject({
      title: VALID.title,
      status: 'SCHEDULED',
    });
  });

  it('update: maxParticipants below the confirmed count is a 409', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 3 });
    for (let i = 0; i < 2; i++) {
      await createSignup(db(), roundId, (await person(db(), 'VOLUNTEER')).id, 'CONFIRMED');
    }
    const res = await update(roundId, { maxParticipants: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/2 confirmed/);
    expect((await update(roundId, { maxParticipants: 2 })).statusCode).toBe(200);
  });

  it('update to CANCELLED sends the open orders back to no round', async () => {
    const roundId = await createTestRound(db());
    const orderId = await createOrderOnRound(db(), roundId);
    const res = await update(roundId, { status: 'CANCELLED' });
    expect(res.json()).toMatchObject({ status: 'success', detachedOrders: 1 });
    const order = await db()
      .selectFrom('orders')
      .select('round_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.round_id).toBeNull();
  });

  it('update of an unknown round is a 404', async () => {
    expect((await update(987654, { title: 'x' })).statusCode).toBe(404);
  });

  it('GET all and upcoming list rounds with their counts', async () => {
    const future = await createTestRound(db(), { maxParticipants: 3 });
    const started = await createTestRound(db(), { startsInMs: -60_000, status: 'IN_PROGRESS' });
    const past = await createTestRound(db(), { startsInMs: -10 * DAY });
    const cancelled = await createTestRound(db(), { status: 'CANCELLED' });
    const completed = await createTestRound(db(), { status: 'COMPLETED' });
    await createSignup(db(), future, people.volunteer.id, 'CONFIRMED');
    await createSignup(db(), future, (await person(db(), 'VOLUNTEER')).id, 'WAITLISTED');
    const list = async (which: string) => {
      const res = await call(
        server.app,
        'GET',
        `/api/admin/rounds/${which}?${adminQuery(people.admin)}`,
        { as: people.admin },
      );
      expect(res.statusCode).toBe(200);
      return res.json<{ status: string; rounds: AdminRound[] }>().rounds;
    };
    const all = await list('all');
    const allIds = all.map((r) => r.roundId);
    expect(allIds).toEqual(expect.arrayContaining([future, started, past, cancelled, completed]));
    expect(all.find((r) => r.roundId === future)).toMatchObject({
      confirmedCount: 1,
      waitlistedCount: 1,
      availableSlots: 2,
    });
    const upcoming = (await list('upcoming')).map((r) => r.roundId);
    expect(upcoming).toEqual(expect.arrayContaining([future, started]));
    for (const gone of [past, cancelled, completed]) expect(upcoming).not.toContain(gone);
  });

  it('GET one gives the round and its sign-ups with names', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 1 });
    const named = await person(db(), 'VOLUNTEER', 'Nora');
    const signupId = await createSignup(db(), roundId, named.id, 'WAITLISTED');
    const res = await call(server.app, 'GET', `/api/admin/rounds/${roundId}`, { as: people.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      round: { roundId, waitlistedCount: 1 },
      signups: [
        {
          signupId,
          userId: named.id,
          username: named.username,
          firstName: 'Nora',
          lastName: 'Tester',
          status: 'WAITLISTED',
        },
      ],
    });
    const missing = await call(server.app, 'GET', '/api/admin/rounds/987654', { as: people.admin });
    expect(missing.statusCode).toBe(404);
  });
});
