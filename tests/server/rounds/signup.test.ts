// POST /api/rounds/{roundId}/signup and DELETE /api/rounds/signup/{signupId}: CONFIRMED while
// a slot is free else WAITLISTED, one per volunteer, closed rounds refused, replays with the
// same Idempotency-Key sign up once, and only the owner cancels (the sign-up stays, CANCELLED).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RoundStatus } from '#server/db/schema';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignup, createTestRound, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { HOUR, person, signupsOf, volunteerBody } from './rounds-helpers.ts';

describe.each(testDialects())('volunteer sign-up (%s)', (dialect) => {
  const server = useTestServer(dialect);
  const db = () => server.app.ctx.opened.db;
  const volunteer = () => person(db(), 'VOLUNTEER');

  const signUp = (roundId: number, who: SignedInUser, headers: Record<string, string> = {}) =>
    call(server.app, 'POST', `/api/rounds/${roundId}/signup`, {
      as: who,
      body: volunteerBody(who, { requestedRole: 'VOLUNTEER' }),
      headers,
    });
  const cancel = (signupId: number, who: SignedInUser) =>
    call(server.app, 'DELETE', `/api/rounds/signup/${signupId}`, {
      as: who,
      body: volunteerBody(who),
    });

  it('CONFIRMED while a slot is free, then WAITLISTED', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 1 });
    const first = await volunteer();
    const second = await volunteer();
    const one = await signUp(roundId, first);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ status: 'success', signupStatus: 'CONFIRMED' });
    const two = await signUp(roundId, second);
    expect(two.json()).toMatchObject({ status: 'success', signupStatus: 'WAITLISTED' });
    const rows = await signupsOf(db(), roundId);
    expect(rows.map((r) => [r.id, r.user_id, r.status])).toEqual([
      [one.json<{ signupId: number }>().signupId, first.id, 'CONFIRMED'],
      [two.json<{ signupId: number }>().signupId, second.id, 'WAITLISTED'],
    ]);
    const view = await call(server.app, 'GET', `/api/rounds/${roundId}`, { as: second });
    expect(view.json()).toMatchObject({ round: { availableSlots: 0, signupStatus: 'WAITLISTED' } });
  });

  it('a second sign-up of the same volunteer is a 409', async () => {
    const roundId = await createTestRound(db());
    const who = await volunteer();
    expect((await signUp(roundId, who)).statusCode).toBe(200);
    const again = await signUp(roundId, who);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      status: 'error',
      error: 'CONFLICT',
      message: 'You are already signed up for this round.',
    });
    expect(await signupsOf(db(), roundId)).toHaveLength(1);
  });

  const closed: [string, { startsInMs?: number; status?: RoundStatus }][] = [
    ['cancelled', { status: 'CANCELLED' }],
    ['completed', { status: 'COMPLETED' }],
    ['in progress', { status: 'IN_PROGRESS' }],
    ['past', { startsInMs: -10 * HOUR }],
    ['already started', { startsInMs: -HOUR }],
  ];
  for (const [label, overrides] of closed) {
    it(`refuses a ${label} round with 409`, async () => {
      const roundId = await createTestRound(db(), overrides);
      const res = await signUp(roundId, await volunteer());
      expect(res.statusCode).toBe(409);
      expect(await signupsOf(db(), roundId)).toHaveLength(0);
    });
  }

  it('an unknown round is a 404; a malformed id a 400', async () => {
    const who = await volunteer();
    expect((await signUp(987654, who)).statusCode).toBe(404);
    const bad = await call(server.app, 'POST', '/api/rounds/1x/signup', { as: who, body: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('a replay with the same Idempotency-Key signs up once and gets the same reply', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 1 });
    const who = await volunteer();
    const key = randomUUID();
    const first = await signUp(roundId, who, { 'idempotency-key': key });
    const replay = await signUp(roundId, who, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await signupsOf(db(), roundId)).toHaveLength(1);
    // Without the key, the same request is a second sign-up: refused.
    expect((await signUp(roundId, who)).statusCode).toBe(409);
  });

  it('the same key with another body is a 422', async () => {
    const roundId = await createTestRound(db());
    const who = await volunteer();
    const key = randomUUID();
    await signUp(roundId, who, { 'idempotency-key': key });
    const other = await call(server.app, 'POST', `/api/rounds/${roundId}/signup`, {
      as: who,
      body: volunteerBody(who, { requestedRole: 'TEAM_LEAD' }),
      headers: { 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(422);
  });

  it('the owner cancels their sign-up; it stays CANCELLED and the slot is free again', async () => {
    const roundId = await createTestRound(db(), { maxParticipants: 1 });
    const who = await volunteer();
    const signupId = await createSignup(db(), roundId, who.id, 'CONFIRMED');
    const res = await cancel(signupId, who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: expect.any(String) as string });
    // Kept for the record (beyond-spec.md section 2); signup-history.test.ts has the rest.
    expect((await signupsOf(db(), roundId)).map((r) => r.status)).toEqual(['CANCELLED']);
    const view = await call(server.app, 'GET', `/api/rounds/${roundId}`, { as: who });
    expect(view.json()).toMatchObject({ round: { availableSlots: 1, openForSignup: true } });
  });

  it('someone else’s sign-up, or an unknown one, is a 404 and stays', async () => {
    const roundId = await createTestRound(db());
    const owner = await volunteer();
    const intruder = await volunteer();
    const signupId = await createSignup(db(), roundId, owner.id, 'CONFIRMED');
    expect((await cancel(signupId, intruder)).statusCode).toBe(404);
    expect((await cancel(987654, intruder)).statusCode).toBe(404);
    expect(await signupsOf(db(), roundId)).toHaveLength(1);
  });

  it('a sign-up on a round that is over stays for the record (409)', async () => {
    const roundId = await createTestRound(db(), { startsInMs: -10 * HOUR });
    const who = await volunteer();
    const signupId = await createSignup(db(), roundId, who.id, 'CONFIRMED');
    expect((await cancel(signupId, who)).statusCode).toBe(409);
    expect(await signupsOf(db(), roundId)).toHaveLength(1);
  });
});

describe.each(testDialects())('the last slot, raced over HTTP (%s)', (dialect) => {
  const server = useTestServer(dialect, {}, { listen: true });

  async function race(roundId: number, racers: SignedInUser[]) {
    return Promise.all(
      racers.map(async (who) => {
        const res = await fetch(`${server.baseUrl}/api/rounds/${roundId}/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: who.cookie },
          body: JSON.stringify(volunteerBody(who, { requestedRole: 'VOLUNTEER' })),
        });
        return { status: res.status, body: (await res.json()) as { signupStatus?: string } };
      }),
    );
  }

  it('eight volunteers race for one slot: exactly one is CONFIRMED', async () => {
    const db = server.app.ctx.opened.db;
    for (let attempt = 0; attempt < 3; attempt++) {
      const roundId = await createTestRound(db, { maxParticipants: 1 });
      const racers = await Promise.all(Array.from({ length: 8 }, () => person(db, 'VOLUNTEER')));
      const replies = await race(roundId, racers);
      expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
      const confirmed = replies.filter((r) => r.body.signupStatus === 'CONFIRMED');
      expect(confirmed).toHaveLength(1);
      const rows = await signupsOf(db, roundId);
      expect(rows.filter((r) => r.status === 'CONFIRMED')).toHaveLength(1);
      expect(rows.filter((r) => r.status === 'WAITLISTED')).toHaveLength(7);
    }
  });

  it('three free slots, ten racers: exactly three CONFIRMED', async () => {
    const db = server.app.ctx.opened.db;
    const roundId = await createTestRound(db, { maxParticipants: 3 });
    const racers = await Promise.all(Array.from({ length: 10 }, () => person(db, 'VOLUNTEER')));
    const replies = await race(roundId, racers);
    expect(replies.filter((r) => r.body.signupStatus === 'CONFIRMED')).toHaveLength(3);
    const rows = await signupsOf(db, roundId);
    expect(rows.filter((r) => r.status === 'CONFIRMED')).toHaveLength(3);
  });
});
