// GET /api/rounds/{roundId}/orders and privacy (domain-decisions.md): every volunteer sees what
// a round carries, but client ids, addresses, phones and notes only a CONFIRMED volunteer of
// that round sees.
import { beforeAll, describe, expect, it } from 'vitest';
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
    roundId = await createTestRound(db, { maxParticipants: 1 });
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
    });
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

  it('a round without orders gives an empty list; an unknown round a 404', async () => {
    const empty = await createTestRound(server.app.ctx.opened.db);
    const res = await ordersAs(people.outsider, empty);
    expect(res.json()).toMatchObject({ status: 'success', orders: [] });
    expect((await ordersAs(people.outsider, 987654)).statusCode).toBe(404);
  });
});
