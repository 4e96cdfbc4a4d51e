// The volunteer's round lists: GET /api/rounds/all (the calendar), /my-rounds and /{roundId},
// with availability, openForSignup and the caller's own sign-up computed per round.
import { beforeAll, describe, expect, it } from 'vitest';
import type { VolunteerRound } from '#shared/contracts/rounds';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignup, createTestRound, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { DAY, HOUR, person, volunteerQuery } from './rounds-helpers.ts';

describe.each(testDialects())('volunteer round lists (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let me: SignedInUser;
  let other: SignedInUser;
  const ids = {
    open: 0,
    full: 0,
    cancelled: 0,
    past: 0,
    started: 0,
    mineConfirmed: 0,
    minePast: 0,
  };

  beforeAll(async () => {
    const db = server.app.ctx.opened.db;
    me = await person(db, 'VOLUNTEER');
    other = await person(db, 'VOLUNTEER');
    ids.open = await createTestRound(db, { maxParticipants: 2 });
    await createSignup(db, ids.open, other.id, 'CONFIRMED');
    ids.full = await createTestRound(db, { maxParticipants: 1 });
    await createSignup(db, ids.full, other.id, 'CONFIRMED');
    await createSignup(db, ids.full, me.id, 'WAITLISTED');
    ids.cancelled = await createTestRound(db, { status: 'CANCELLED' });
    await createSignup(db, ids.cancelled, me.id, 'CONFIRMED');
    ids.past = await createTestRound(db, { startsInMs: -10 * DAY });
    ids.started = await createTestRound(db, { startsInMs: -HOUR });
    ids.mineConfirmed = await createTestRound(db, { startsInMs: 2 * DAY });
    await createSignup(db, ids.mineConfirmed, me.id, 'CONFIRMED');
    ids.minePast = await createTestRound(db, { startsInMs: -5 * DAY });
    await createSignup(db, ids.minePast, me.id, 'CONFIRMED');
  });

  const byId = (rounds: VolunteerRound[], id: number) => rounds.find((r) => r.roundId === id);

  it('GET /api/rounds/all lists every round but cancelled ones, past ones included', async () => {
    const res = await call(server.app, 'GET', `/api/rounds/all?${volunteerQuery(me)}`, { as: me });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; rounds: VolunteerRound[] }>();
    expect(body.status).toBe('success');
    const listed = body.rounds.map((r) => r.roundId);
    expect(listed).toEqual(expect.arrayContaining([ids.open, ids.full, ids.past, ids.started]));
    expect(listed).not.toContain(ids.cancelled);
    const starts = body.rounds.map((r) => r.startTime);
    expect(starts).toEqual([...starts].sort());
  });

  it('computes availableSlots, openForSignup and the caller’s own sign-up', async () => {
    const res = await call(server.app, 'GET', '/api/rounds/all', { as: me });
    const rounds = res.json<{ rounds: VolunteerRound[] }>().rounds;
    expect(byId(rounds, ids.open)).toMatchObject({
      availableSlots: 1,
      openForSignup: true,
      userSignedUp: false,
      signupStatus: null,
      signupId: null,
      signupDetails: null,
    });
    const full = byId(rounds, ids.full);
    expect(full).toMatchObject({
      availableSlots: 0,
      openForSignup: false,
      userSignedUp: true,
      signupStatus: 'WAITLISTED',
    });
    expect(full?.signupId).toEqual(expect.any(Number));
    expect(full?.signupDetails).toEqual({ signupId: full?.signupId });
    // Free slots, but in the past or already started: not open.
    expect(byId(rounds, ids.past)).toMatchObject({ availableSlots: 5, openForSignup: false });
    expect(byId(rounds, ids.started)).toMatchObject({ openForSignup: false });
    expect(byId(rounds, ids.mineConfirmed)).toMatchObject({
      openForSignup: false,
      signupStatus: 'CONFIRMED',
    });
  });

  it('the same round looks different to another volunteer', async () => {
    const res = await call(server.app, 'GET', '/api/rounds/all', { as: other });
    const full = byId(res.json<{ rounds: VolunteerRound[] }>().rounds, ids.full);
    expect(full).toMatchObject({ userSignedUp: true, signupStatus: 'CONFIRMED' });
  });

  it('times are ISO 8601 in UTC with Z', async () => {
    const res = await call(server.app, 'GET', '/api/rounds/all', { as: me });
    for (const round of res.json<{ rounds: VolunteerRound[] }>().rounds) {
      expect(round.startTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(round.endTime).toMatch(/Z$/);
    }
  });

  it('GET /api/rounds/my-rounds splits the caller’s rounds by end time', async () => {
    const res = await call(server.app, 'GET', `/api/rounds/my-rounds?${volunteerQuery(me)}`, {
      as: me,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      status: string;
      message: string;
      upcomingRounds: VolunteerRound[];
      pastRounds: VolunteerRound[];
    }>();
    expect(body.status).toBe('success');
    expect(body.upcomingRounds.map((r) => r.roundId).sort()).toEqual(
      [ids.full, ids.mineConfirmed].sort(),
    );
    // A cancelled round is over for the volunteer; it stays listed for the record.
    expect(body.pastRounds.map((r) => r.roundId).sort()).toEqual(
      [ids.minePast, ids.cancelled].sort(),
    );
    expect(byId(body.upcomingRounds, ids.full)?.signupStatus).toBe('WAITLISTED');
    expect(byId(body.pastRounds, ids.cancelled)?.status).toBe('CANCELLED');
  });

  it('my-rounds of a volunteer with no sign-ups is empty', async () => {
    const fresh = await person(server.app.ctx.opened.db, 'VOLUNTEER');
    const res = await call(server.app, 'GET', '/api/rounds/my-rounds', { as: fresh });
    expect(res.json()).toMatchObject({ upcomingRounds: [], pastRounds: [] });
  });

  it('GET /api/rounds/{roundId} gives one round in the same shape', async () => {
    const res = await call(server.app, 'GET', `/api/rounds/${ids.full}?${volunteerQuery(me)}`, {
      as: me,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      round: { roundId: ids.full, signupStatus: 'WAITLISTED', availableSlots: 0 },
    });
  });

  it('an unknown round is a 404 and a malformed id a 400', async () => {
    const missing = await call(server.app, 'GET', '/api/rounds/987654', { as: me });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 'error', error: 'NOT_FOUND' });
    const bad = await call(server.app, 'GET', '/api/rounds/abc', { as: me });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/roundId/);
    // Past the largest row id (32-bit on PostgreSQL): a 400 on both dialects, never a lookup.
    for (const id of ['0', '2147483648', '99999999999999999999']) {
      const res = await call(server.app, 'GET', `/api/rounds/${id}/orders`, { as: me });
      expect(res.statusCode, id).toBe(400);
      expect(res.json<{ message: string }>().message, id).toMatch(/^roundId: /);
    }
    expect((await call(server.app, 'GET', '/api/rounds/2147483647', { as: me })).statusCode).toBe(
      404,
    );
  });
});
