// The volunteer's writes as outbox actions, each with the optimistic change the
// dashboard shows at once (DESIGN.md offline rule 2). Bodies carry the spec's identity claims
// (section 7); the server checks them against the login session. Actions on one round or one
// order share an entity key, so a sign-up and its cancel are sent in the order made.
import { orderStatusPath } from '#shared/contracts/orders';
import { pathTo } from '#shared/contracts/paths';
import { ROUND_PATHS, type VolunteerRound } from '#shared/contracts/rounds';
import { mirrorRow } from '../../offline/mirror.ts';
import { MIRROR_LISTS, type MirrorListName } from '../../offline/mirror-lists.ts';
import type { QueuedAction } from '../../offline/outbox.ts';
import type { LocalChange, MirrorRow } from '../../offline/types.ts';
import { VOLUNTEER_KINDS } from '../../offline/volunteer-outbox.ts';
import { orderEntity, roundEntity, type OrderEntry, type RoundEntry } from './volunteer-data.ts';

function claims(userId: number) {
  return { authenticated: true, userId, userRole: 'VOLUNTEER' };
}

/** The same mirror row with new data (key, list, group and position kept). */
function replaced(row: MirrorRow, data: unknown): LocalChange {
  const { table } = MIRROR_LISTS[row.list as MirrorListName];
  return { table, key: row.key, row: { ...row, data } };
}

/** Sign Up from the calendar: the round joins My Upcoming Rounds, its status not known yet. */
export function signUpAction(entry: RoundEntry, userId: number): QueuedAction {
  const { round } = entry;
  const signedUp: VolunteerRound = {
    ...round,
    userSignedUp: true,
    openForSignup: false,
    signupStatus: null,
    signupId: null,
    signupDetails: null,
  };
  return {
    kind: VOLUNTEER_KINDS.signup,
    label: `Sign up: ${round.title}`,
    method: 'POST',
    path: pathTo(ROUND_PATHS.signup, { roundId: round.roundId }),
    payload: { ...claims(userId), requestedRole: 'VOLUNTEER' },
    entityKey: roundEntity(round.roundId),
    ownerUserId: userId,
    changes: [
      replaced(entry.row, signedUp),
      {
        table: 'rounds',
        key: mirrorRow('myRounds', round.roundId, null).key,
        row: mirrorRow('myRounds', round.roundId, signedUp, { group: 'upcoming' }),
      },
    ],
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

/**
 * Cancel Signup: the round leaves My Upcoming Rounds and the calendar offers it again.
 * `calendarEntry` is the same round in the calendar's list, when it is there.
 */
export function cancelSignupAction(
  entry: RoundEntry,
  calendarEntry: RoundEntry | undefined,
  signupId: number,
  userId: number,
): QueuedAction {
  const { round } = entry;
  const changes: LocalChange[] = [{ table: 'rounds', key: entry.row.key, row: null }];
  if (calendarEntry !== undefined) {
    changes.push(replaced(calendarEntry.row, withoutSignup(calendarEntry.round, new Date())));
  }
  return {
    kind: VOLUNTEER_KINDS.cancelSignup,
    label: `Cancel sign-up: ${round.title}`,
    method: 'DELETE',
    path: pathTo(ROUND_PATHS.cancelSignup, { signupId }),
    payload: claims(userId),
    entityKey: roundEntity(round.roundId),
    ownerUserId: userId,
    changes,
  };
}

/**
 * Start delivery: the order stays under Assigned Orders, PROCESSING (the volunteer has taken
 * it), until Complete. Queued on the order's entity, so a Complete pressed after it, offline
 * too, reaches the server after it.
 */
export function startDeliveryAction(entry: OrderEntry, userId: number): QueuedAction {
  const { order } = entry;
  return {
    kind: VOLUNTEER_KINDS.startDelivery,
    label: `Start delivery of order ${order.orderId}`,
    method: 'PUT',
    path: orderStatusPath(order.orderId),
    payload: { ...claims(userId), status: 'PROCESSING' },
    entityKey: orderEntity(order.orderId),
    ownerUserId: userId,
    changes: [replaced(entry.row, { ...order, status: 'PROCESSING' })],
  };
}

/** Complete: the order moves from Assigned Orders to Completed Orders. */
export function completeOrderAction(entry: OrderEntry, userId: number): QueuedAction {
  const { order } = entry;
  return {
    kind: VOLUNTEER_KINDS.complete,
    label: `Complete order ${order.orderId}`,
    method: 'PUT',
    path: orderStatusPath(order.orderId),
    payload: { ...claims(userId), status: 'COMPLETED' },
    entityKey: orderEntity(order.orderId),
    ownerUserId: userId,
    changes: [replaced(entry.row, { ...order, status: 'COMPLETED' })],
  };
}

/** The signup id of a round, wherever the reply put it (spec section 3). */
export function signupIdOf(round: VolunteerRound): number | null {
  return round.signupId ?? round.signupDetails?.signupId ?? null;
}
