// The role homes' zod-free checks (src/shared/contracts/checks) judge a value exactly as the
// zod contract they mirror: for a valid value and every change of one field (another type,
// null, absent, out of range, an extra key), both pass with the same output or both refuse.
// A check that let a bad reply through, or refused a good one, fails here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminAlertsReply } from '#shared/contracts/admin-alerts';
import { cargoItem } from '#shared/contracts/cargo';
import {
  adminAlertsReplyCheck,
  deliveriesPerWeekReplyCheck,
} from '#shared/contracts/checks/admin-home';
import { cargoItemCheck } from '#shared/contracts/checks/cargo';
import type { Check } from '#shared/contracts/checks/check';
import { calendarLinkReplyCheck } from '#shared/contracts/checks/notifications';
import {
  orderCreateReplyCheck,
  orderLineCheck,
  orderReplyCheck,
} from '#shared/contracts/checks/orders';
import {
  roundOrdersReplyCheck,
  roundReplyCheck,
  volunteerRoundCheck,
} from '#shared/contracts/checks/rounds';
import { calendarLinkReply } from '#shared/contracts/notifications';
import {
  orderCreateReply,
  orderLineRequest,
  orderReply,
  type OrderReply,
} from '#shared/contracts/orders';
import { deliveriesPerWeekReply } from '#shared/contracts/reports';
import {
  roundOrdersReply,
  roundReply,
  volunteerRound,
  type VolunteerRound,
} from '#shared/contracts/rounds';
import { localOrder, localOrderData } from '#client/features/orders/local-order';

/** Values put in place of a field: each type, edge numbers and texts, empty containers. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  '  padded  ',
  'x'.repeat(201),
  'x',
  'success',
  'error',
  'PENDING',
  'CANCELLED',
  'WAITLISTED',
  'you',
  0,
  -1,
  1,
  1.5,
  10_000,
  10_001,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  [1],
  {},
  { signupId: 3 },
  { M: 2 },
  { M: 'two' },
  new Date(0),
];

type Path = (string | number)[];

function pathsOf(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) {
    return [at, ...value.flatMap((item, i) => pathsOf(item, [...at, i]))];
  }
  if (typeof value === 'object' && value !== null) {
    return [at, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  }
  return [at];
}

/** A deep copy of `value` with the field at `path` set to `next` (or deleted, for 'absent'). */
function changed(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy: unknown = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (next === ABSENT) Reflect.deleteProperty(parent, last);
  else parent[last] = next;
  return copy;
}

const ABSENT = Symbol('absent');

function isObjectAt(value: unknown, path: Path): boolean {
  let at = value;
  for (const step of path) at = (at as Record<string | number, unknown>)[step];
  return typeof at === 'object' && at !== null && !Array.isArray(at);
}

/** Every one-field change of `valid`, plus an extra key on each object. */
function variants(valid: unknown): unknown[] {
  const out: unknown[] = [valid];
  for (const path of pathsOf(valid)) {
    for (const next of [...ODD_VALUES, ABSENT]) out.push(changed(valid, path, next));
    if (isObjectAt(valid, path)) out.push(changed(valid, [...path, 'extra'], 'kept?'));
  }
  return out;
}

function judge(check: Check<unknown>, value: unknown): unknown {
  const result = check.safeParse(value);
  return result.success ? { data: result.data } : 'refused';
}

function expectSameAsZod(schema: z.ZodType, check: Check<unknown>, valid: unknown): void {
  let refused = 0;
  for (const value of variants(valid)) {
    const expected = judge(schema, value);
    if (expected === 'refused') refused += 1;
    expect(judge(check, value), JSON.stringify(value)).toEqual(expected);
  }
  // Not vacuous: the valid value passes and most changes are refused.
  expect(judge(schema, valid)).not.toBe('refused');
  expect(refused).toBeGreaterThan(0);
}

const ORDER: OrderReply = {
  orderId: 7,
  status: 'PENDING',
  orderType: 'CLIENT',
  userId: 3,
  deliveryAddress: '1 Main St',
  phoneNumber: '555',
  notes: null,
  firstName: null,
  lastName: null,
  email: null,
  roundId: null,
  requestTime: '2026-11-22T09:00:00.000Z',
  orderItems: [{ itemName: 'Socks', quantity: 2, isCustom: false }],
  personalDataHidden: false,
  personalDataShownFrom: null,
  personalDataPurged: false,
  personalDataUntil: '2026-12-22T09:00:00.000Z',
};

const ROUND: VolunteerRound = {
  roundId: 4,
  title: 'Downtown',
  description: 'Evening round',
  location: null,
  startTime: '2026-11-23T18:00:00.000Z',
  endTime: '2026-11-23T20:00:00.000Z',
  status: 'SCHEDULED',
  maxParticipants: 5,
  availableSlots: 2,
  userSignedUp: true,
  openForSignup: false,
  signupStatus: 'CONFIRMED',
  signupId: 9,
  signupDetails: { signupId: 9 },
};

const SUCCESS = { status: 'success', message: 'OK' };

describe('the role homes’ zod-free checks', () => {
  it('read a catalogue item as contracts/cargo.ts cargoItem does (maxPerOrder default too)', () => {
    const item = {
      id: 1,
      name: 'Socks',
      description: null,
      category: 'Clothing',
      quantity: 5,
      imageId: null,
      sizeQuantities: { M: 2, L: 3 },
      maxPerOrder: 4,
    };
    expectSameAsZod(cargoItem, cargoItemCheck, item);
  });

  it('read orders, placed-order replies and queued lines as contracts/orders.ts does', () => {
    expectSameAsZod(orderReply, orderReplyCheck, ORDER);
    expectSameAsZod(orderCreateReply, orderCreateReplyCheck, {
      ...SUCCESS,
      orderId: 7,
      orderStatus: 'PENDING',
    });
    expectSameAsZod(orderLineRequest, orderLineCheck, { itemName: ' Socks ', quantity: 2 });
  });

  it('read a local order as the server’s order with no ID', () => {
    const local = localOrderData({
      userId: 3,
      deliveryAddress: '1 Main St',
      phoneNumber: '555',
      notes: '',
      items: [{ itemName: 'Socks', quantity: 2 }],
    });
    // The zod schema the client had before its homes went zod-free.
    const zodLocalOrder = orderReply.extend({ orderId: z.null(), local: z.literal(true) });
    expectSameAsZod(zodLocalOrder, localOrder, local);
  });

  it('read rounds and a round’s detail as contracts/rounds.ts does', () => {
    expectSameAsZod(volunteerRound, volunteerRoundCheck, ROUND);
    expectSameAsZod(roundReply, roundReplyCheck, { ...SUCCESS, round: ROUND });
    // A round's order: the order without guest names, email and round, lines without isCustom.
    const roundOrder: Record<string, unknown> = { ...ORDER };
    for (const key of ['firstName', 'lastName', 'email', 'roundId']) {
      Reflect.deleteProperty(roundOrder, key);
    }
    expectSameAsZod(roundOrdersReply, roundOrdersReplyCheck, {
      ...SUCCESS,
      personalDataHidden: true,
      orders: [{ ...roundOrder, orderItems: [{ itemName: 'Socks', quantity: 2 }] }],
    });
  });

  it('read the calendar link and the admin home’s replies as their contracts do', () => {
    expectSameAsZod(calendarLinkReply, calendarLinkReplyCheck, { ...SUCCESS, url: 'https://x' });
    expectSameAsZod(adminAlertsReply, adminAlertsReplyCheck, {
      status: 'success',
      outOfStock: [{ id: 1, name: 'Socks', size: 'M', quantity: 0 }],
      lowStock: [{ id: 2, name: 'Soap', quantity: 3 }],
      newOrders: 2,
      newApplications: 0,
    });
    expectSameAsZod(deliveriesPerWeekReply, deliveriesPerWeekReplyCheck, {
      status: 'success',
      weeks: [{ weekStart: '2026-11-16', delivered: 4 }],
    });
  });
});
