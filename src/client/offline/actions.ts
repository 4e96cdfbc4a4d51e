// Every queued action kind, declared once (issue 17 item 1; in the spirit of
// actualbudget/actual's typed handler maps): its payload type, its request (method, and the
// path from the shared contracts' path builders), the entity whose actions go out in order,
// its label in the outbox list, its optimistic change and what its verdict does. Features
// build an action with buildAction(kind, input) and send it with submit (submit.ts); they
// never name a Dexie table, a mirror list's table or a path. A refusal always undoes the
// optimistic change (send-one.ts) and, when nobody waited for it, waits under "Needs
// attention"; a success the screen waited for runs the kind's `afterSent` and is
// acknowledged unless `keepSent` says a notice still reads it. A label is worded when the action
// is queued, in the language spoken then (it is kept with the row).
// Paths and checks from the contracts' zod-free modules: every role's home loads this file.
import type { VolunteerApplyRequest } from '#shared/contracts/applications';
import type { FeedbackSubmitRequest } from '#shared/contracts/feedback';
import type {
  NotificationPreferences,
  PushSubscriptionJson,
} from '#shared/contracts/notifications';
import type {
  ClientOrderRequest,
  GuestOrderRequest,
  OrderLineRequest,
  OrderReply,
} from '#shared/contracts/orders';
import type { VolunteerRound } from '#shared/contracts/rounds';
import { FEEDBACK_SUBMIT_PATH, VOLUNTEER_APPLY_PATH } from '#shared/contracts/checks/forms';
import { NOTIFICATION_PATHS } from '#shared/contracts/checks/notifications';
import { orderLineCheck } from '#shared/contracts/checks/orders';
import { ORDER_PATHS } from '#shared/contracts/order-paths';
import { pathTo } from '#shared/contracts/paths';
import { ROUND_PATHS } from '#shared/contracts/round-paths';
import { message } from '#shared/i18n/messages';
import type { AppDb } from './app-db.ts';
import { refreshListReporting } from './list-refresh.ts';
import { mirrorRow } from './mirror.ts';
import { MIRROR_LISTS, type MirrorListName } from './mirror-lists.ts';
import type { QueuedAction } from './outbox.ts';
import { getRememberedUser } from './session-user-store.ts';
import type { LocalChange, MirrorRow, OutboxRow, WriteMethod } from './types.ts';

/** The spec's identity claims in a signed-in user's body (section 7); the server checks them. */
export interface IdentityClaims {
  authenticated: true;
  userId: number;
  userRole: 'CLIENT' | 'VOLUNTEER';
}

export type ClientOrderPayload = ClientOrderRequest & { authenticated: true; userId: number };
export type SignupPayload = IdentityClaims & { requestedRole: 'VOLUNTEER' };
export type OrderStatusPayload = IdentityClaims & { status: 'PROCESSING' | 'COMPLETED' };

/** The body each kind sends, as queued and as read back from the outbox. */
export interface ActionPayloads {
  'order.create': ClientOrderPayload;
  'order.guestCreate': GuestOrderRequest;
  'order.cancel': IdentityClaims;
  'round.signup': SignupPayload;
  'round.cancelSignup': IdentityClaims;
  /** "Start delivery": PENDING → PROCESSING. */
  'order.startDelivery': OrderStatusPayload;
  'order.complete': OrderStatusPayload;
  'feedback.submit': FeedbackSubmitRequest;
  'volunteer.apply': VolunteerApplyRequest;
  'notifications.preferences': NotificationPreferences;
  'push.subscribe': { subscription: PushSubscriptionJson };
  'push.unsubscribe': { endpoint: string };
}

export type ActionKind = keyof ActionPayloads;

/** A mirrored round or order with the row it lives in (the row's list, key and position). */
export interface MirroredRound {
  round: VolunteerRound;
  row: MirrorRow;
}
export interface MirroredOrder {
  order: OrderReply;
  row: MirrorRow;
}

/** What a feature hands over to build each kind. */
export interface ActionInputs {
  'order.create': {
    userId: number;
    /** The body without the claims: delivery details, lines and the device's location. */
    order: ClientOrderRequest & { items: OrderLineRequest[] };
    /** The order as the history shows it until the server answers (no ID yet). */
    local: { id: string; data: unknown };
  };
  'order.guestCreate': GuestOrderRequest & { items: OrderLineRequest[] };
  'order.cancel': { userId: number; orderId: number; row: MirrorRow };
  'round.signup': { userId: number; entry: MirroredRound };
  'round.cancelSignup': {
    userId: number;
    signupId: number;
    entry: MirroredRound;
    /** The same round in the calendar's list, offered there again. */
    calendarEntry?: MirroredRound | undefined;
    now: Date;
  };
  'order.startDelivery': { userId: number; entry: MirroredOrder };
  'order.complete': { userId: number; entry: MirroredOrder };
  'feedback.submit': FeedbackSubmitRequest;
  'volunteer.apply': VolunteerApplyRequest;
  'notifications.preferences': { userId: number; preferences: NotificationPreferences };
  'push.subscribe': { userId: number; subscription: PushSubscriptionJson };
  'push.unsubscribe': { userId: number; endpoint: string };
}

/** A queued action whose kind and payload agree. */
export type TypedAction<K extends ActionKind> = QueuedAction & {
  kind: K;
  payload: ActionPayloads[K];
};

/** What a kind's builder decides from its input; the method comes from the declaration. */
type Built<K extends ActionKind> = Omit<TypedAction<K>, 'kind' | 'method'>;

interface ActionDeclaration<K extends ActionKind> {
  method: WriteMethod;
  build(input: ActionInputs[K]): Built<K>;
  /** A success the screen waited for: what to do before the row goes (or stays, keepSent). */
  afterSent?: (db: AppDb) => Promise<void>;
  /** Keep the sent row for a notice that reads it (a guest's order ID, a waitlisted sign-up). */
  keepSent?: (replyBody: unknown) => boolean;
}

type ActionMap = { [K in ActionKind]: ActionDeclaration<K> };

/** Actions on one entity are sent in the order queued: a sign-up before its cancel. */
export const roundEntity = (roundId: number) => `round:${roundId}`;
export const orderEntity = (orderId: number) => `order:${orderId}`;
/** One person's notification preferences: the latest change reaches the server last. */
export const NOTIFICATION_PREFERENCES_ENTITY = 'notifications:preferences';
/** This device's push subscription: a subscribe and the unsubscribe after it keep their order. */
export const PUSH_DEVICE_ENTITY = 'push:device';

const claims = (userId: number, userRole: IdentityClaims['userRole']): IdentityClaims => ({
  authenticated: true,
  userId,
  userRole,
});

/** The same mirror row with new data (list, key, group and position kept). */
function replaceData(row: MirrorRow, data: unknown): LocalChange {
  const { table } = MIRROR_LISTS[row.list as MirrorListName];
  return { table, key: row.key, row: { ...row, data } };
}

function removeRow(row: MirrorRow): LocalChange {
  const { table } = MIRROR_LISTS[row.list as MirrorListName];
  return { table, key: row.key, row: null };
}

function addRow(list: MirrorListName, id: string | number, data: unknown, group: string | null) {
  const row = mirrorRow(list, id, data, { group });
  return { table: MIRROR_LISTS[list].table, key: row.key, row };
}

function itemCount(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/**
 * After the server took an order, the catalogue (its stock) and the history are read again
 * before the row goes, so the stock shown never jumps back up in between.
 */
async function refreshOrderLists(db: AppDb): Promise<void> {
  const user = await getRememberedUser(db);
  await Promise.all([
    refreshListReporting('catalogue', user),
    refreshListReporting('myOrders', user),
  ]).catch(() => undefined);
}

export function isWaitlistedReply(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { signupStatus?: unknown }).signupStatus === 'WAITLISTED'
  );
}

/** Sign Up: the round joins My Upcoming Rounds, its status not known yet. */
function signedUp(round: VolunteerRound): VolunteerRound {
  return {
    ...round,
    userSignedUp: true,
    openForSignup: false,
    signupStatus: null,
    signupId: null,
    signupDetails: null,
  };
}

/** The round as it would be without my sign-up (a confirmed one frees its slot). */
function withoutSignup(round: VolunteerRound, now: Date): VolunteerRound {
  const slots = round.availableSlots + (round.signupStatus === 'CONFIRMED' ? 1 : 0);
  const open = round.status === 'SCHEDULED' && Date.parse(round.startTime) > now.getTime();
  return {
    ...round,
    availableSlots: slots,
    userSignedUp: false,
    openForSignup: open && slots > 0,
    signupStatus: null,
    signupId: null,
    signupDetails: null,
  };
}

function orderStatusAction<K extends 'order.startDelivery' | 'order.complete'>(
  labelId: 'common.outbox.startDelivery' | 'common.outbox.completeOrder',
  status: OrderStatusPayload['status'],
  { userId, entry }: ActionInputs[K],
): Built<K> {
  const { order } = entry;
  return {
    label: message(labelId, { orderId: order.orderId }),
    path: pathTo(ORDER_PATHS.status, { orderId: order.orderId }),
    payload: { ...claims(userId, 'VOLUNTEER'), status },
    entityKey: orderEntity(order.orderId),
    ownerUserId: userId,
    changes: [replaceData(entry.row, { ...order, status })],
  };
}

export const ACTIONS: ActionMap = {
  'order.create': {
    method: 'POST',
    build: ({ userId, order, local }) => ({
      label: message('common.outbox.order', { count: itemCount(order.items) }),
      path: ORDER_PATHS.create,
      payload: { authenticated: true, userId, ...order },
      ownerUserId: userId,
      // Shown at once in the history as "waiting to send".
      changes: [addRow('myOrders', local.id, local.data, null)],
    }),
    afterSent: refreshOrderLists,
  },
  'order.guestCreate': {
    method: 'POST',
    build: (order) => ({
      label: message('common.outbox.guestOrder', { count: itemCount(order.items) }),
      path: ORDER_PATHS.guestCreate,
      payload: order,
      // A guest has no account: the order is public and sent whoever is signed in.
      ownerUserId: null,
    }),
    afterSent: refreshOrderLists,
    // The order ID is shown from the outbox row ('Current Order'), now or after a reload.
    keepSent: () => true,
  },
  'order.cancel': {
    method: 'POST',
    build: ({ userId, orderId, row }) => ({
      label: message('common.outbox.cancelOrder', { orderId }),
      path: pathTo(ORDER_PATHS.cancel, { orderId }),
      payload: claims(userId, 'CLIENT'),
      entityKey: orderEntity(orderId),
      ownerUserId: userId,
      // A cancelled order leaves the client's history.
      changes: [removeRow(row)],
    }),
    afterSent: refreshOrderLists,
  },
  'round.signup': {
    method: 'POST',
    build: ({ userId, entry: { round, row } }) => ({
      label: message('common.outbox.signup', { title: round.title }),
      path: pathTo(ROUND_PATHS.signup, { roundId: round.roundId }),
      payload: { ...claims(userId, 'VOLUNTEER'), requestedRole: 'VOLUNTEER' },
      entityKey: roundEntity(round.roundId),
      ownerUserId: userId,
      changes: [
        replaceData(row, signedUp(round)),
        addRow('myRounds', round.roundId, signedUp(round), 'upcoming'),
      ],
    }),
    // A waitlisted sign-up stays until the volunteer has seen its notice.
    keepSent: isWaitlistedReply,
  },
  'round.cancelSignup': {
    method: 'DELETE',
    build: ({ userId, signupId, entry, calendarEntry, now }) => ({
      label: message('common.outbox.cancelSignup', { title: entry.round.title }),
      path: pathTo(ROUND_PATHS.cancelSignup, { signupId }),
      payload: claims(userId, 'VOLUNTEER'),
      entityKey: roundEntity(entry.round.roundId),
      ownerUserId: userId,
      // The round leaves My Upcoming Rounds and the calendar offers it again.
      changes: [
        removeRow(entry.row),
        ...(calendarEntry === undefined
          ? []
          : [replaceData(calendarEntry.row, withoutSignup(calendarEntry.round, now))]),
      ],
    }),
  },
  // Start delivery keeps the order under Assigned Orders as PROCESSING until Complete; on the
  // order's entity, so a Complete pressed after it, offline too, reaches the server after it.
  'order.startDelivery': {
    method: 'PUT',
    build: (input) =>
      orderStatusAction<'order.startDelivery'>('common.outbox.startDelivery', 'PROCESSING', input),
  },
  'order.complete': {
    method: 'PUT',
    build: (input) =>
      orderStatusAction<'order.complete'>('common.outbox.completeOrder', 'COMPLETED', input),
  },
  'feedback.submit': {
    method: 'POST',
    build: (payload) => ({
      label: message('common.outbox.feedback'),
      path: FEEDBACK_SUBMIT_PATH,
      payload,
    }),
  },
  'volunteer.apply': {
    method: 'POST',
    build: (payload) => ({
      label: message('common.outbox.volunteerApplication'),
      path: VOLUNTEER_APPLY_PATH,
      payload,
    }),
  },
  // Issue 19: the profile's "Notifications". No mirror list holds them, so no optimistic
  // change: the screen reads a waiting change from the outbox (features/notifications).
  'notifications.preferences': {
    method: 'PUT',
    build: ({ userId, preferences }) => ({
      label: message('common.outbox.notificationSettings'),
      path: NOTIFICATION_PATHS.preferences,
      payload: preferences,
      entityKey: NOTIFICATION_PREFERENCES_ENTITY,
      ownerUserId: userId,
    }),
  },
  'push.subscribe': {
    method: 'POST',
    build: ({ userId, subscription }) => ({
      label: message('common.outbox.pushOn'),
      path: NOTIFICATION_PATHS.pushSubscriptions,
      payload: { subscription },
      entityKey: PUSH_DEVICE_ENTITY,
      ownerUserId: userId,
    }),
  },
  'push.unsubscribe': {
    method: 'DELETE',
    build: ({ userId, endpoint }) => ({
      label: message('common.outbox.pushOff'),
      path: NOTIFICATION_PATHS.pushSubscriptions,
      payload: { endpoint },
      entityKey: PUSH_DEVICE_ENTITY,
      ownerUserId: userId,
    }),
  },
};

/** The action of one kind, ready for submit (or enqueue). */
export function buildAction<K extends ActionKind>(kind: K, input: ActionInputs[K]): TypedAction<K> {
  const declaration: ActionDeclaration<K> = ACTIONS[kind];
  return { kind, method: declaration.method, ...declaration.build(input) };
}

/** The declaration of a queued row's kind, or null for a kind this version does not know. */
export function declarationOf(kind: string): ActionDeclaration<ActionKind> | null {
  return Object.hasOwn(ACTIONS, kind) ? ACTIONS[kind as ActionKind] : null;
}

/** An outbox row of one kind, its payload typed as that kind queued it. */
export type OutboxRowOf<K extends ActionKind> = OutboxRow & { kind: K; payload: ActionPayloads[K] };

export function isActionOf<K extends ActionKind>(
  row: OutboxRow,
  ...kinds: K[]
): row is OutboxRowOf<K> {
  return (kinds as string[]).includes(row.kind);
}

/** Kinds of the ordering screens. */
export const ORDER_KINDS = {
  create: 'order.create',
  guestCreate: 'order.guestCreate',
  cancel: 'order.cancel',
} as const satisfies Record<string, ActionKind>;

/** Kinds of the profile's "Notifications" (issue 19). */
export const NOTIFICATION_KINDS = {
  preferences: 'notifications.preferences',
  subscribe: 'push.subscribe',
  unsubscribe: 'push.unsubscribe',
} as const satisfies Record<string, ActionKind>;

/** Kinds of the volunteer dashboard. */
export const VOLUNTEER_KINDS = {
  signup: 'round.signup',
  cancelSignup: 'round.cancelSignup',
  startDelivery: 'order.startDelivery',
  complete: 'order.complete',
} as const satisfies Record<string, ActionKind>;

/**
 * The well-formed lines of a stored order payload. Rows outlive app versions (a device may
 * stay offline for weeks), so lines are checked against the contract when read back.
 */
export function storedOrderLines(payload: { items?: unknown } | null): OrderLineRequest[] {
  const items = payload?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    const parsed = orderLineCheck.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The lines an order-placing row asks for (none for any other kind). */
export function placedLines(row: OutboxRow): OrderLineRequest[] {
  return isActionOf(row, ORDER_KINDS.create, ORDER_KINDS.guestCreate)
    ? storedOrderLines(row.payload)
    : [];
}

/** The texts an order-placing row was sent with, to refill the cart's fields ('Back to cart'). */
export function placedOrderTexts(row: OutboxRow): Record<string, string> {
  if (!isActionOf(row, ORDER_KINDS.create, ORDER_KINDS.guestCreate)) return {};
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(row.payload)) {
    if (typeof value === 'string') texts[name] = value;
  }
  return texts;
}
