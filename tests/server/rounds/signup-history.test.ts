// Sign-ups leave a record (beyond-spec.md section 2): a volunteer's cancel keeps the sign-up as
// CANCELLED with the time it was cancelled; it holds no slot (counts, the lottery, "my rounds",
// the volunteer's own view of the round and the orders only CONFIRMED volunteers see all
// ignore it); the volunteer may sign up again, as a new row beside the old one; the admin's
// round detail lists the history after the live sign-ups; an admin can neither confirm nor
// reject a cancelled sign-up; and a read made while signed up stays in the audit log.
import { describe, expect, it } from 'vitest';
import type { AdminRoundDetailReply } from '#shared/contracts/admin-rounds';
import type { MyRoundsReply, RoundReply, RoundOrdersReply } from '#shared/contracts/rounds';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createOrderOnRound,
  createSignup,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { adminBody, HOUR, person, volunteerBody } from './rounds-helpers.ts';

describe.each(testDialects())('sign-ups leave a record (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const db = () => server.app.ctx.opened.db;
  const volunteer = (name = 'Sam') => person(db(), 'VOLUNTEER', name);

  const signUp = async (roundId: number, who: SignedInUser) => {
    const res = await call(server.app, 'POST', `/api/rounds/${roundId}/signup`, {
      as: who,
      body: volunteerBody(who, { requestedRole: 'VOLUNTEER' }),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ signupId: number; signupStatus: string }>();
  };
  const cancel = (signupId: number, who: SignedInUser) =>
    call(server.app, 'DELETE', `/api/rounds/signup/${signupId}`, {
      as: who,
      body: volunteerBody(who),
    });
  const roundAs = async (roundId: number, who: SignedInUser) =>
    (await call(server.app, 'GET', `/api/rounds/${roundId}`, { as: who })).json<RoundReply>().round;
  const adminDetail = async (roundId: number, admin: SignedInUser) =>
    (
      await call(server.app, 'GET', `/api/admin/rounds/${roundId}`, { as: admin })
    ).json<AdminRoundDetailReply>();

  /** Every row of the round's sign-ups, as stored. */
  const rowsOf = (roundId: number) =>
    db()
      .selectFrom('round_signups')
      .select(['id', 'user_id', 'status', 'created_at', 'cancelled_at'])
      .where('round_id', '=', roundId)
      .orderBy('id')
      .execute();

  it('a cancel keeps the sign-up as CANCELLED with its time, and frees the slot', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 1 });
    const who = await volunteer();
    const { signupId } = await signUp(roundId, who);
    const [before] = await rowsOf(roundId);

    const from = new Date().toISOString();
    const res = await cancel(signupId, who);
    const to = new Date().toISOString();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Your sign-up was cancelled.' });

    const rows = await rowsOf(roundId);
    expect(rows).toEqual([
      {
        id: signupId,
        user_id: who.id,
        status: 'CANCELLED',
        created_at: before!.created_at,
        cancelled_at: expect.any(String) as string,
      },
    ]);
    const cancelledAt = rows[0]!.cancelled_at!;
    expect(cancelledAt >= from && cancelledAt <= to).toBe(true);

    // No slot held: the volunteer sees the round open to them again, the admin a free slot.
    expect(await roundAs(roundId, who)).toMatchObject({
      availableSlots: 1,
      openForSignup: true,
      userSignedUp: false,
      signupStatus: null,
      signupId: null,
      signupDetails: null,
    });
    const admin = await person(db(), 'ADMIN', 'Ada');
    expect((await adminDetail(roundId, admin)).round).toMatchObject({
      confirmedCount: 0,
      waitlistedCount: 0,
      availableSlots: 1,
    });
  });

  it('a second cancel changes nothing and says so; the first time is kept', async () => {
    const roundId = await createTestRound(db());
    const who = await volunteer();
    const { signupId } = await signUp(roundId, who);
    expect((await cancel(signupId, who)).statusCode).toBe(200);
    const [first] = await rowsOf(roundId);
    const again = await cancel(signupId, who);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      status: 'success',
      message: 'This sign-up is already cancelled.',
    });
    expect(await rowsOf(roundId)).toEqual([first]);
    // Still nobody else's to touch: someone else's cancelled sign-up is a 404, as before.
    expect((await cancel(signupId, await volunteer())).statusCode).toBe(404);
  });

  it('signing up again makes a new row; the CANCELLED one stays', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 2 });
    const who = await volunteer();
    const first = await signUp(roundId, who);
    await cancel(first.signupId, who);
    const second = await signUp(roundId, who);
    expect(second).toMatchObject({ signupStatus: 'CONFIRMED' });
    expect(second.signupId).not.toBe(first.signupId);

    const rows = await rowsOf(roundId);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [first.signupId, 'CANCELLED'],
      [second.signupId, 'CONFIRMED'],
    ]);
    expect(await roundAs(roundId, who)).toMatchObject({
      userSignedUp: true,
      signupStatus: 'CONFIRMED',
      signupId: second.signupId,
      availableSlots: 1,
    });
    // One live sign-up per volunteer still: a third try is refused.
    const third = await call(server.app, 'POST', `/api/rounds/${roundId}/signup`, {
      as: who,
      body: volunteerBody(who),
    });
    expect(third.statusCode).toBe(409);
    // And "my rounds" lists the round once, with the live sign-up.
    const mine = (await call(server.app, 'GET', '/api/rounds/my-rounds', { as: who }))
      .json<MyRoundsReply>()
      .upcomingRounds.filter((r) => r.roundId === roundId);
    expect(mine.map((r) => r.signupId)).toEqual([second.signupId]);
  });

  it('a cancelled sign-up is out of "my rounds" and the round hides its orders again', async () => {
    const roundId = await createTestRound(db());
    const who = await volunteer();
    const orderId = await createOrderOnRound(db(), roundId, { deliveryAddress: '1 Quay St' });
    const { signupId } = await signUp(roundId, who);
    await cancel(signupId, who);

    const mine = (
      await call(server.app, 'GET', '/api/rounds/my-rounds', { as: who })
    ).json<MyRoundsReply>();
    const listed = [...mine.upcomingRounds, ...mine.pastRounds].map((r) => r.roundId);
    expect(listed).not.toContain(roundId);

    const orders = (
      await call(server.app, 'GET', `/api/rounds/${roundId}/orders`, { as: who })
    ).json<RoundOrdersReply>();
    expect(orders.personalDataHidden).toBe(true);
    expect(orders.orders.find((o) => o.orderId === orderId)?.deliveryAddress).toBeNull();
    const assigned = await call(server.app, 'GET', '/api/orders/volunteer/assigned', { as: who });
    expect(assigned.statusCode).toBe(200);
    expect(JSON.stringify(assigned.json())).not.toContain('1 Quay St');
  });

  it('sign-up, read, cancel: the CANCELLED sign-up and the audit entry of the read both stay', async () => {
    // Starts in 2 hours: inside the address window, so the confirmed volunteer sees the address.
    const roundId = await createTestRound(db(), { startsInMs: 2 * HOUR });
    const who = await volunteer();
    const orderId = await createOrderOnRound(db(), roundId, { deliveryAddress: '8 Dock Rd' });
    const { signupId } = await signUp(roundId, who);
    const readOrders = async () =>
      (
        await call(server.app, 'GET', `/api/rounds/${roundId}/orders`, { as: who })
      ).json<RoundOrdersReply>();
    const readsBy = () =>
      db()
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('actor_id', '=', who.id)
        .where('action', '=', 'personal_data.read')
        .execute();

    expect((await readOrders()).orders[0]?.deliveryAddress).toBe('8 Dock Rd');
    await cancel(signupId, who);
    // Read again once cancelled: nothing personal is handed out, so nothing more is recorded.
    expect((await readOrders()).orders[0]?.deliveryAddress).toBeNull();

    expect((await rowsOf(roundId)).map((r) => [r.id, r.status])).toEqual([[signupId, 'CANCELLED']]);
    const reads = await readsBy();
    expect(reads).toHaveLength(1);
    expect(JSON.parse(reads[0]!.details ?? '{}')).toMatchObject({ orderIds: [orderId] });
  });

  it('the freed slot goes to a waitlisted volunteer through the lottery, as before', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 1 });
    const [first, waiting] = [await volunteer('Ann'), await volunteer('Bob')];
    const one = await signUp(roundId, first);
    const two = await signUp(roundId, waiting);
    expect(two.signupStatus).toBe('WAITLISTED');
    await cancel(one.signupId, first);

    const admin = await person(db(), 'ADMIN', 'Ada');
    const lottery = await call(server.app, 'POST', `/api/admin/rounds/${roundId}/lottery`, {
      as: admin,
      body: adminBody(admin),
    });
    expect(lottery.json()).toMatchObject({
      status: 'success',
      selectedVolunteers: [{ signupId: two.signupId }],
    });
    const rows = await rowsOf(roundId);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [one.signupId, 'CANCELLED'],
      [two.signupId, 'CONFIRMED'],
    ]);
  });

  it('Manage Sign-ups lists the live sign-ups, then the cancelled ones with their time', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 1 });
    const [ann, bob, cat] = [
      await volunteer('Ann'),
      await volunteer('Bob'),
      await volunteer('Cat'),
    ];
    const annSignup = await signUp(roundId, ann);
    const bobSignup = await signUp(roundId, bob);
    const catSignup = await signUp(roundId, cat);
    await cancel(annSignup.signupId, ann);
    await cancel(catSignup.signupId, cat);

    const admin = await person(db(), 'ADMIN', 'Ada');
    const { signups } = await adminDetail(roundId, admin);
    const stored = new Map((await rowsOf(roundId)).map((r) => [r.id, r]));
    expect(signups).toEqual([
      expect.objectContaining({
        signupId: bobSignup.signupId,
        username: bob.username,
        status: 'WAITLISTED',
        cancelledAt: null,
      }),
      expect.objectContaining({
        signupId: annSignup.signupId,
        username: ann.username,
        firstName: 'Ann',
        status: 'CANCELLED',
        createdAt: stored.get(annSignup.signupId)!.created_at,
        cancelledAt: stored.get(annSignup.signupId)!.cancelled_at,
      }),
      expect.objectContaining({
        signupId: catSignup.signupId,
        status: 'CANCELLED',
        cancelledAt: stored.get(catSignup.signupId)!.cancelled_at,
      }),
    ]);
  });

  it('an admin can neither confirm nor reject a cancelled sign-up (409, row unchanged)', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 3 });
    const who = await volunteer();
    const { signupId } = await signUp(roundId, who);
    await cancel(signupId, who);
    const before = await rowsOf(roundId);
    const admin = await person(db(), 'ADMIN', 'Ada');

    const confirm = await call(server.app, 'PUT', `/api/admin/rounds/signup/${signupId}/confirm`, {
      as: admin,
      body: adminBody(admin, { adminId: admin.id }),
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({
      status: 'error',
      error: 'CONFLICT',
      message:
        'The volunteer cancelled this sign-up: it is kept for the record and cannot be confirmed.',
    });
    const reject = await call(server.app, 'DELETE', `/api/admin/rounds/signup/${signupId}`, {
      as: admin,
      body: adminBody(admin, { adminId: admin.id }),
    });
    expect(reject.statusCode).toBe(409);
    expect(reject.json()).toMatchObject({
      error: 'CONFLICT',
      message:
        'The volunteer cancelled this sign-up: it is kept for the record and cannot be rejected.',
    });
    expect(await rowsOf(roundId)).toEqual(before);
  });

  it('cancelled sign-ups made straight in the database count nowhere', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 2 });
    for (let i = 0; i < 3; i++)
      await createSignup(db(), roundId, (await volunteer()).id, 'CANCELLED');
    const waiting = await volunteer();
    await createSignup(db(), roundId, waiting.id, 'WAITLISTED');
    const admin = await person(db(), 'ADMIN', 'Ada');
    expect((await adminDetail(roundId, admin)).round).toMatchObject({
      confirmedCount: 0,
      waitlistedCount: 1,
      availableSlots: 2,
    });
    const lottery = await call(server.app, 'POST', `/api/admin/rounds/${roundId}/lottery`, {
      as: admin,
      body: adminBody(admin),
    });
    expect(lottery.json<{ selectedVolunteers: unknown[] }>().selectedVolunteers).toHaveLength(1);
  });
});
