// The server lists mirrored on the device, where each lives and how to read its reply.
// Replies are read leniently (an array, or the array under the spec's field name), and
// items are stored as sent: the screens that show them own their shape. Paths come from the
// contracts' zod-free path modules: this file is in the landing's entry script.
import { CARGO_PATHS } from '#shared/contracts/cargo-paths';
import { ORDER_PATHS } from '#shared/contracts/order-paths';
import { pathTo } from '#shared/contracts/paths';
import { ROUND_PATHS } from '#shared/contracts/round-paths';
import { withQuery } from '../api/api-client.ts';
import type { MirrorTable, RememberedUser } from './types.ts';

export type MirrorListName = 'catalogue' | 'myRounds' | 'allRounds' | 'assignedOrders' | 'myOrders';

export interface MirrorItem {
  id: string;
  group: string | null;
  data: unknown;
}

export interface MirrorListDef {
  name: MirrorListName;
  table: MirrorTable;
  /** The GET path for this user, or null when the list is not theirs. */
  path(user: RememberedUser | null): string | null;
  /** The items of a success reply, or null when the reply is not usable. */
  items(body: unknown): MirrorItem[] | null;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

function idOf(item: unknown, names: readonly string[], fallback: number): string {
  for (const name of names) {
    const value = field(item, name);
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) {
      return String(value);
    }
  }
  return `#${fallback}`;
}

function itemsOf(list: unknown, idFields: readonly string[], group: string | null): MirrorItem[] {
  if (!Array.isArray(list)) return [];
  return list.map((data: unknown, i) => ({ id: idOf(data, idFields, i), group, data }));
}

/** The array itself, or the array under one of `names`; null when there is none. */
function arrayIn(body: unknown, names: readonly string[]): unknown[] | null {
  if (Array.isArray(body)) return body as unknown[];
  if (field(body, 'status') === 'error') return null;
  for (const name of names) {
    const value = field(body, name);
    if (Array.isArray(value)) return value as unknown[];
  }
  return null;
}

function plainList(names: readonly string[], idFields: readonly string[]) {
  return (body: unknown): MirrorItem[] | null => {
    const list = arrayIn(body, names);
    return list === null ? null : itemsOf(list, idFields, null);
  };
}

/** The list's path for a user of one role, with the spec's identity claims as its query. */
const forRole =
  (role: RememberedUser['role'], path: (user: RememberedUser) => string) =>
  (user: RememberedUser | null): string | null =>
    user?.role === role
      ? withQuery(path(user), { authenticated: true, userId: user.userId, userRole: role })
      : null;

export const MIRROR_LISTS: Record<MirrorListName, MirrorListDef> = {
  catalogue: {
    name: 'catalogue',
    table: 'catalogue',
    path: () => CARGO_PATHS.items,
    items: plainList(['items', 'data'], ['id', 'itemId']),
  },
  myOrders: {
    name: 'myOrders',
    table: 'myOrders',
    path: forRole('CLIENT', (u) => pathTo(ORDER_PATHS.userOrders, { userId: u.userId })),
    items: plainList(['orders', 'data'], ['orderId', 'id']),
  },
  assignedOrders: {
    name: 'assignedOrders',
    table: 'assignedOrders',
    path: forRole('VOLUNTEER', () => ORDER_PATHS.volunteerAssigned),
    items: plainList(['orders', 'data'], ['orderId', 'id']),
  },
  allRounds: {
    name: 'allRounds',
    table: 'rounds',
    path: forRole('VOLUNTEER', () => ROUND_PATHS.all),
    items: plainList(['rounds', 'data'], ['roundId', 'id']),
  },
  myRounds: {
    name: 'myRounds',
    table: 'rounds',
    path: forRole('VOLUNTEER', () => ROUND_PATHS.myRounds),
    items: (body) => {
      const upcoming = field(body, 'upcomingRounds');
      const past = field(body, 'pastRounds');
      if (!Array.isArray(upcoming) && !Array.isArray(past)) return null;
      return [
        ...itemsOf(upcoming, ['roundId', 'id'], 'upcoming'),
        ...itemsOf(past, ['roundId', 'id'], 'past'),
      ];
    },
  },
};
