// GET /api/rounds/{roundId}/orders and privacy (domain-decisions.md, beyond-spec.md section 2):
// every volunteer sees what a round carries, but client ids, addresses, phones and notes only a
// CONFIRMED volunteer of that round sees, and only inside its address window (24 h before it
// starts to 12 h after it ends); each such reply is recorded in the audit log.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import type { RoundOrder } from '#shared/contracts/rounds';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createOrderOnRound,
  createSignup,
  createTestRound,
  createUser,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { person, volunteerQuery } from './rounds-helpers.ts';

const ADDRESS = '77 Hidden Court';
const PHONE = '5551112222';
const NOTES = 'Jane Doe: by the blue door';
const HOUR = 60 * 60 * 1000;

/** The personal_data.read entries appended after entry `afterId`: actor and details. */
async function readsSince(db: Db, afterId: number) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'target_type', 'details'])
    .where('action', '=', 'personal_data.read')
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    actorId: r.actor_id,
    targetType: r.target_type,
    details: JSON.parse(r.details ?? '{}') as unknown,
  }));
}

async function lastAuditId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? 0;
}

describe.each(testDialects())('orders of a round (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let roundId = 0;
  let otherRoundId = 0;
  let clientId = 0;
  const orderIds: number[] = [];
  let cancelledOrderId = 0;
  const people: Record<
    'confirmed' | 'waitlisted' | 'outsider' | 'confirmedElsewhere',
    SignedInUser
  > = {} as never;

  beforeAll(async () => {
    const db = server.app.ctx.opened.db;
    // Starts in 2 h: its confirmed volunteer is inside the address window.
    roundId = await createTestRound(db, { maxParticipants: 1, startsInMs: 2 * HOUR });
    otherRoundId = await createTestRound(db);
    clientId = (await createUser(db)).id;
    for (const key of ['confirmed', 'waitlisted', 'outsider', 'confirmedElsewhere'] as const) {
      people[key] = await person(db, 'VOLUNTEER');
    }
    await createSignup(db, roundId, people.confirmed.id, 'CONFIRMED');
    await createSignup(db, roundId, people.waitlisted.id, 'WAITLISTED');
    await createSignup(db, otherRoundId, people.confirmedElsewhere.id, 'CONFIRMED');
    const details = { deliveryAddress: ADDRESS, phoneNumber: PHONE, notes: NOTES };
    orderIds.push(
      await createOrderOnRound(db, roundId, {
        ...details,
        userId: clientId,
        items: [
          { itemName: 'Socks (L)', quantity: 2 },
          { itemName: 'Water', quantity: 6 },
        ],
      }),
      await createOrderOnRound(db, roundId, { ...details, status: 'PROCESSING' }),
      await createOrderOnRound(db, roundId, { ...details, status: 'COMPLETED' }),
    );
    cancelledOrderId = await createOrderOnRound(db, roundId, { status: 'CANCELLED' });
    await createOrderOnRound(db, otherRoundId, details);
  });

  const ordersAs = (who: SignedInUser, id = roundId) =>
    call(server.app, 'GET', `/api/rounds/${id}/orders?${volunteerQuery(who)}`, { as: who });

  it('a CONFIRMED volunteer sees the round’s orders with addresses and phones', async () => {
    const res = await ordersAs(people.confirmed);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; personalDataHidden: boolean; orders: RoundOrder[] }>();
    expect(body).toMatchObject({ status: 'success', personalDataHidden: false });
    expect(body.orders.map((o) => o.orderId)).toEqual(orderIds);
    expect(body.orders.map((o) => o.orderId)).not.toContain(cancelledOrderId);
    expect(body.orders[0]).toEqual({
      orderId: orderIds[0],
      status: 'PENDING',
      orderType: 'CLIENT',
      userId: clientId,
      deliveryAddress: ADDRESS,
      phoneNumber: PHONE,
      notes: NOTES,
      requestTime: expect.stringMatching(/Z$/) as string,
      orderItems: [
        { itemName: 'Socks (L)', quantity: 2 },
        { itemName: 'Water', quantity: 6 },
      ],
      personalDataHidden: false,
      personalDataShownFrom: null,
      personalDataPurged: false,
      personalDataUntil: expect.stringMatching(/Z$/) as string,
    });
  });

  it('records the confirmed volunteer’s read: who, which route, which orders', async () => {
    const db = server.app.ctx.opened.db;
    const before = await lastAuditId(db);
    expect((await ordersAs(people.confirmed)).statusCode).toBe(200);
    expect(await readsSince(db, before)).toEqual([
      {
        actorId: people.confirmed.id,
        targetType: 'order',
        details: { route: 'GET /api/rounds/:roundId/orders', orderIds: orderIds },
      },
    ]);
    // Replies without personal data record nothing.
    await ordersAs(people.waitlisted);
    await ordersAs(people.outsider);
    expect(await readsSince(db, before)).toHaveLength(1);
  });

  for (const who of ['waitlisted', 'outsider', 'confirmedElsewhere'] as const) {
    it(`a ${who} volunteer sees the load but no personal data`, async () => {
      const res = await ordersAs(people[who]);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ personalDataHidden: boolean; orders: RoundOrder[] }>();
      expect(body.personalDataHidden).toBe(true);
      expect(body.orders.map((o) => o.orderId)).toEqual(orderIds);
      for (const order of body.orders) {
        expect(order).toMatchObject({
          userId: null,
          deliveryAddress: null,
          phoneNumber: null,
          notes: null,
        });
        expect(order.orderItems.length).toBeGreaterThan(0);
      }
      for (const secret of [ADDRESS, PHONE, 'Jane Doe']) expect(res.body).not.toContain(secret);
    });
  }

  it('hides from a confirmed volunteer before the window and after it, and says when', async () => {
    const db = server.app.ctx.opened.db;
    const volunteer = await person(db, 'VOLUNTEER');
    const farStart = Date.now() + 3 * 24 * HOUR;
    const far = await createTestRound(db, { start: new Date(farStart) });
    const past = await createTestRound(db, { start: new Date(Date.now() - 16 * HOUR) });
    for (const id of [far, past]) {
      await createSignup(db, id, volunteer.id, 'CONFIRMED');
      await createOrderOnRound(db, id, {
        deliveryAddress: ADDRESS,
        phoneNumber: PHONE,
        notes: NOTES,
      });
    }
    const before = await lastAuditId(db);
    const ahead = await ordersAs(volunteer, far);
    expect(ahead.json()).toMatchObject({ personalDataHidden: true });
    expect(ahead.json<{ orders: RoundOrder[] }>().orders[0]).toMatchObject({
      userId: null,
      deliveryAddress: null,
      phoneNumber: null,
      notes: null,
      personalDataHidden: true,
      personalDataShownFrom: new Date(farStart - 24 * HOUR).toISOString(),
      personalDataPurged: false,
    });
    const after = await ordersAs(volunteer, past);
    expect(after.json()).toMatchObject({ personalDataHidden: true });
    expect(after.json<{ orders: RoundOrder[] }>().orders[0]).toMatchObject({
      deliveryAddress: null,
      personalDataHidden: true,
      personalDataShownFrom: null,
    });
    for (const res of [ahead, after]) {
      for (const secret of [ADDRESS, PHONE, 'Jane Doe']) expect(res.body).not.toContain(secret);
    }
    expect(await readsSince(db, before)).toEqual([]);
  });

  it('a purged order says so, with nothing in it, and is not recorded', async () => {
    const db = server.app.ctx.opened.db;
    const round = await createTestRound(db, { startsInMs: HOUR });
    const volunteer = await person(db, 'VOLUNTEER');
    await createSignup(db, round, volunteer.id, 'CONFIRMED');
    const purged = await createOrderOnRound(db, round, { status: 'COMPLETED' });
    await db
      .updateTable('orders')
      .set({
        delivery_address: '',
        phone_number: null,
        notes: null,
        personal_data_purged_at: new Date().toISOString(),
      })
      .where('id', '=', purged)
      .execute();
    const before = await lastAuditId(db);
    const res = await ordersAs(volunteer, round);
    expect(res.json<{ orders: RoundOrder[] }>().orders).toEqual([
      expect.objectContaining({
        orderId: purged,
        deliveryAddress: null,
        phoneNumber: null,
        notes: null,
        personalDataPurged: true,
        personalDataUntil: null,
      }),
    ]);
    expect(await readsSince(db, before)).toEqual([]);
  });

  it('a round without orders gives an empty list; an unknown round a 404', async () => {
    const empty = await createTestRound(server.app.ctx.opened.db);
    const res = await ordersAs(people.outsider, empty);
    expect(res.json()).toMatchObject({ status: 'success', orders: [] });
    expect((await ordersAs(people.outsider, 987654)).statusCode).toBe(404);
  });
});
