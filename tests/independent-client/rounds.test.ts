// Rounds for volunteers and admins (spec section 7 "Volunteer rounds", "Admin rounds", orders
// of a volunteer), tried by an independent client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestServer } from '../support/build-app.ts';
import {
  adminSession,
  createCargoItem,
  createUser,
  hoursFromNow,
  isId,
  letters,
  registerClient,
  startServer,
  type Account,
  expectOk,
} from './harness.ts';
import { ISO_UTC_Z, rec, recs, type Rec } from './wire-client.ts';

/** ISO 8601 with a +02:00 offset for the instant `d`. */
function withOffset(d: Date): string {
  return `${new Date(d.getTime() + 2 * 3_600_000).toISOString().slice(0, 16)}:00+02:00`;
}
/** ISO 8601 without an offset (taken as UTC), minute precision like the admin form. */
function withoutOffset(d: Date): string {
  return d.toISOString().slice(0, 16);
}

describe.each(testDialects())('independent client: rounds (%s)', (dialect) => {
  let server: TestServer;
  let admin: Account;
  let v1: Account;
  let v2: Account;
  let item = '';
  let nearRound = 0;
  let hours = 24;
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await adminSession(server);
    v1 = await createUser(server, admin, 'VOLUNTEER', 'volone');
    v2 = await createUser(server, admin, 'VOLUNTEER', 'voltwo');
    item = `Water${letters(5)}`;
    expectOk(await createCargoItem(admin, { name: item, quantity: 100 }));
    // The earliest upcoming round: new orders attach to it. Every other round starts later.
    nearRound = await createRound({ title: 'Near round', maxParticipants: 3 }, 1);
  });
  afterAll(async () => {
    await server.close();
  });

  const adminBody = (extra: Rec = {}): Rec => ({
    authenticated: true,
    adminUsername: admin.username,
    ...extra,
  });
  const volunteerBody = (v: Account, extra: Rec = {}): Rec => ({
    authenticated: true,
    userId: v.userId,
    userRole: 'VOLUNTEER',
    ...extra,
  });
  const volunteerQuery = (v: Account) => ({
    authenticated: true,
    userId: v.userId,
    userRole: 'VOLUNTEER',
  });

  async function createRound(extra: Rec = {}, startInHours?: number): Promise<number> {
    hours += 24;
    const start = hoursFromNow(startInHours ?? hours);
    const end = new Date(start.getTime() + 2 * 3_600_000);
    const reply = await admin.client.post(
      '/api/admin/rounds/create',
      adminBody({
        title: `Round ${letters(4)}`,
        description: 'Evening outreach',
        startTime: withOffset(start),
        endTime: withoutOffset(end),
        location: 'Central park',
        maxParticipants: 1,
        ...extra,
      }),
    );
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    expect(isId(body.roundId)).toBe(true);
    return Number(body.roundId);
  }

  async function adminDetail(roundId: number): Promise<{ round: Rec; signups: Rec[] }> {
    const reply = await admin.client.get(`/api/admin/rounds/${roundId}`, {
      query: { authenticated: true, adminUsername: admin.username },
    });
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    return { round: rec(body.round, 'round'), signups: recs(body.signups, 'signups') };
  }

  async function allRounds(v: Account): Promise<Rec[]> {
    const reply = await v.client.get('/api/rounds/all', { query: volunteerQuery(v) });
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    return recs(body.rounds, 'rounds');
  }

  async function signUp(v: Account, roundId: number): Promise<Rec> {
    const reply = await v.client.post(
      `/api/rounds/${roundId}/signup`,
      volunteerBody(v, { requestedRole: 'VOLUNTEER' }),
    );
    expectOk(reply);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    expect(typeof body.message).toBe('string');
    return rec(
      (await allRounds(v)).find((r) => r.roundId === roundId),
      'signed-up round',
    );
  }

  function signupIdOf(round: Rec): number {
    const id = round.signupId ?? rec(round.signupDetails ?? {}).signupId;
    expect(isId(id), JSON.stringify(round)).toBe(true);
    return Number(id);
  }

  it('create round: times sent with an offset or without (UTC) come back in UTC with Z; detail has round and signups', async () => {
    const start = hoursFromNow(500);
    const end = new Date(start.getTime() + 90 * 60_000);
    const reply = await admin.client.post(
      '/api/admin/rounds/create',
      adminBody({
        title: 'Timed round',
        description: 'Check the clock',
        startTime: withOffset(start),
        endTime: withoutOffset(end),
        location: 'Library steps',
        maxParticipants: 4,
        teamLeadId: v1.userId,
        clinicianId: String(v2.userId),
      }),
    );
    expectOk(reply);
    const roundId = Number(rec(reply.json).roundId);
    const { round, signups } = await adminDetail(roundId);
    expect(round).toMatchObject({
      roundId,
      title: 'Timed round',
      description: 'Check the clock',
      location: 'Library steps',
      maxParticipants: 4,
      teamLeadId: v1.userId,
      clinicianId: v2.userId,
    });
    expect(typeof round.status).toBe('string');
    expect(String(round.startTime)).toMatch(ISO_UTC_Z);
    expect(String(round.endTime)).toMatch(ISO_UTC_Z);
    expect(Date.parse(String(round.startTime))).toBe(start.getTime());
    expect(Date.parse(String(round.endTime))).toBe(end.getTime());
    expect(signups).toEqual([]);
  });

  it('admin lists: GET /api/admin/rounds/all and /upcoming answer success and include the round', async () => {
    const roundId = await createRound();
    for (const path of ['/api/admin/rounds/all', '/api/admin/rounds/upcoming']) {
      const reply = await admin.client.get(path, {
        query: { authenticated: true, adminUsername: admin.username },
      });
      expectOk(reply);
      const body = rec(reply.json);
      expect(body.status).toBe('success');
      expect(reply.text).toContain(`"roundId":${roundId}`);
    }
  });

  it('volunteer: rounds/all shows availableSlots, userSignedUp, openForSignup; sign-up CONFIRMED with a signupId', async () => {
    const roundId = await createRound({ maxParticipants: 2 });
    const before = (await allRounds(v1)).find((r) => r.roundId === roundId);
    for (const field of [
      'roundId',
      'title',
      'description',
      'location',
      'startTime',
      'endTime',
      'availableSlots',
      'userSignedUp',
      'openForSignup',
    ]) {
      expect(before, field).toHaveProperty(field);
    }
    expect(before).toMatchObject({ availableSlots: 2, userSignedUp: false, openForSignup: true });
    expect(String(before!.startTime)).toMatch(ISO_UTC_Z);
    const after = await signUp(v1, roundId);
    expect(after).toMatchObject({
      availableSlots: 1,
      userSignedUp: true,
      signupStatus: 'CONFIRMED',
    });
    expect(after.openForSignup).toBe(false);
    signupIdOf(after);
  });

  it('volunteer: my-rounds has upcomingRounds and pastRounds; GET /api/rounds/{id} has round', async () => {
    const roundId = await createRound({ maxParticipants: 2 });
    await signUp(v2, roundId);
    const mine = await v2.client.get('/api/rounds/my-rounds', { query: volunteerQuery(v2) });
    expectOk(mine);
    const body = rec(mine.json);
    expect(body.status).toBe('success');
    recs(body.pastRounds, 'pastRounds');
    const upcoming = recs(body.upcomingRounds, 'upcomingRounds').find((r) => r.roundId === roundId);
    expect(upcoming).toMatchObject({ signupStatus: 'CONFIRMED' });
    const detail = await v2.client.get(`/api/rounds/${roundId}`, { query: volunteerQuery(v2) });
    expectOk(detail);
    expect(rec(detail.json).status).toBe('success');
    expect(rec(rec(detail.json).round, 'round').roundId).toBe(roundId);
  });

  it('volunteer: cancel signup with DELETE /api/rounds/signup/{signupId}', async () => {
    const roundId = await createRound({ maxParticipants: 2 });
    const signupId = signupIdOf(await signUp(v1, roundId));
    const reply = await v1.client.delete(`/api/rounds/signup/${signupId}`, volunteerBody(v1));
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const round = (await allRounds(v1)).find((r) => r.roundId === roundId);
    expect(round).toMatchObject({ userSignedUp: false, availableSlots: 2 });
  });

  it('orders of a round, assigned orders and completion by a confirmed volunteer', async () => {
    await signUp(v1, nearRound);
    const client = await registerClient(server);
    const created = await client.client.post('/api/orders/create', {
      authenticated: true,
      userId: client.userId,
      deliveryAddress: '9 Pier Rd',
      notes: 'call first',
      phoneNumber: client.phone,
      items: [{ itemName: item, quantity: 2 }],
    });
    expectOk(created);
    const orderId = rec(created.json).orderId;

    const roundOrders = await v1.client.get(`/api/rounds/${nearRound}/orders`, {
      query: volunteerQuery(v1),
    });
    expectOk(roundOrders);
    expect(rec(roundOrders.json).status).toBe('success');
    const inRound = recs(rec(roundOrders.json).orders, 'orders').find((o) => o.orderId === orderId);
    expect(inRound).toMatchObject({
      status: 'PENDING',
      orderType: 'CLIENT',
      deliveryAddress: '9 Pier Rd',
    });
    expect(recs(inRound!.orderItems, 'orderItems')[0]).toMatchObject({
      itemName: item,
      quantity: 2,
    });

    const assigned = await v1.client.get('/api/orders/volunteer/assigned', {
      query: volunteerQuery(v1),
    });
    expectOk(assigned);
    const mine = recs(rec(assigned.json).orders, 'orders').find((o) => o.orderId === orderId);
    expect(mine).toMatchObject({
      orderId,
      status: 'PENDING',
      orderType: 'CLIENT',
      userId: client.userId,
      phoneNumber: client.phone,
      notes: 'call first',
    });
    expect(String(mine!.requestTime)).toMatch(ISO_UTC_Z);

    const done = await v1.client.put(
      `/api/orders/${String(orderId)}/status`,
      volunteerBody(v1, { status: 'COMPLETED' }),
    );
    expectOk(done);
    expect(rec(done.json).status).toBe('success');
    expect(typeof rec(done.json).message).toBe('string');

    const history = await client.client.get(`/api/orders/user/${client.userId}`, {
      query: { authenticated: true, userRole: 'CLIENT', userId: client.userId },
    });
    const order = recs(rec(history.json).orders, 'orders').find((o) => o.orderId === orderId);
    expect(order?.status).toBe('COMPLETED');
  });

  it('a full round: a second sign-up is WAITLISTED; the lottery fills a freed slot; reject deletes a sign-up', async () => {
    const roundId = await createRound({ maxParticipants: 1 });
    const first = await signUp(v1, roundId);
    expect(first.signupStatus).toBe('CONFIRMED');
    const second = await signUp(v2, roundId);
    expect(second.signupStatus).toBe('WAITLISTED');

    const { signups } = await adminDetail(roundId);
    expect(signups).toHaveLength(2);
    for (const field of ['signupId', 'firstName', 'lastName', 'username', 'status']) {
      expect(signups[0], field).toHaveProperty(field);
    }
    const s1 = signups.find((s) => s.username === v1.username)!;
    expect(s1.status).toBe('CONFIRMED');
    expect(isId(s1.signupId)).toBe(true);

    const full = await admin.client.post(`/api/admin/rounds/${roundId}/lottery`, adminBody());
    expectOk(full);
    expect(rec(full.json).status).toBe('success');
    expect(rec(full.json).selectedVolunteers).toEqual([]);

    const reject = await admin.client.delete(
      `/api/admin/rounds/signup/${String(s1.signupId)}`,
      adminBody({ adminId: admin.userId }),
    );
    expectOk(reject);
    expect(rec(reject.json).status).toBe('success');
    expect((await adminDetail(roundId)).signups.map((s) => s.username)).toEqual([v2.username]);

    const lottery = await admin.client.post(`/api/admin/rounds/${roundId}/lottery`, adminBody());
    expectOk(lottery);
    const selected = rec(lottery.json).selectedVolunteers;
    expect(Array.isArray(selected) && selected.length === 1, JSON.stringify(selected)).toBe(true);
    const v2Round = (await allRounds(v2)).find((r) => r.roundId === roundId);
    expect(v2Round?.signupStatus).toBe('CONFIRMED');
  });

  it('confirm: PUT /api/admin/rounds/signup/{signupId}/confirm confirms a waitlisted sign-up into a freed slot', async () => {
    const roundId = await createRound({ maxParticipants: 1 });
    const mine = signupIdOf(await signUp(v1, roundId));
    const waiting = await signUp(v2, roundId);
    expect(waiting.signupStatus).toBe('WAITLISTED');
    expect((await v1.client.delete(`/api/rounds/signup/${mine}`, volunteerBody(v1))).status).toBe(
      200,
    );
    const signupId = signupIdOf(waiting);
    const reply = await admin.client.put(
      `/api/admin/rounds/signup/${String(signupId)}/confirm`,
      adminBody({ adminId: admin.userId }),
    );
    expectOk(reply);
    expect(rec(reply.json).status).toBe('success');
    const { signups } = await adminDetail(roundId);
    expect(signups.find((s) => s.signupId === signupId)?.status).toBe('CONFIRMED');
  });

  it('update and cancel: PUT /api/admin/rounds/{id} (fields plus status) and PUT /api/admin/rounds/{id}/cancel', async () => {
    const roundId = await createRound({ maxParticipants: 2 });
    const start = hoursFromNow(900);
    const end = new Date(start.getTime() + 3_600_000);
    const update = await admin.client.put(
      `/api/admin/rounds/${roundId}`,
      adminBody({
        title: 'Renamed round',
        description: 'Moved',
        startTime: start.toISOString(),
        endTime: end.toISOString(),
        location: 'Station',
        maxParticipants: 6,
        status: 'SCHEDULED',
      }),
    );
    expectOk(update);
    expect(rec(update.json).status).toBe('success');
    const updated = (await adminDetail(roundId)).round;
    expect(updated).toMatchObject({
      title: 'Renamed round',
      location: 'Station',
      maxParticipants: 6,
      status: 'SCHEDULED',
    });
    expect(Date.parse(String(updated.startTime))).toBe(start.getTime());

    const cancel = await admin.client.put(`/api/admin/rounds/${roundId}/cancel`, adminBody());
    expectOk(cancel);
    expect(rec(cancel.json).status).toBe('success');
    expect((await adminDetail(roundId)).round.status).toBe('CANCELLED');
  });
  it('an unknown round is a 404 for the volunteer and the admin views', async () => {
    const v = await v1.client.get('/api/rounds/987654321', { query: volunteerQuery(v1) });
    expect(v.status, v.text).toBe(404);
    expect(rec(v.json).status).toBe('error');
    const a = await admin.client.get('/api/admin/rounds/987654321', {
      query: { authenticated: true, adminUsername: admin.username },
    });
    expect(a.status, a.text).toBe(404);
    expect(rec(a.json).status).toBe('error');
  });
});
