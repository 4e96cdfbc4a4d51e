// The volunteer's writes, built from the action map (offline/actions.ts declares each kind's
// request, payload and optimistic change): the dashboard shows the change at once (DESIGN.md
// offline rule 2), and actions on one round or one order go out in the order made.
import type { VolunteerRound } from '#shared/contracts/rounds';
import { buildAction, type TypedAction } from '../../offline/actions.ts';
import type { OrderEntry, RoundEntry } from './volunteer-data.ts';

/** Sign Up from the calendar: the round joins My Upcoming Rounds, its status not known yet. */
export function signUpAction(entry: RoundEntry, userId: number): TypedAction<'round.signup'> {
  return buildAction('round.signup', { userId, entry });
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
): TypedAction<'round.cancelSignup'> {
  return buildAction('round.cancelSignup', {
    userId,
    signupId,
    entry,
    calendarEntry,
    now: new Date(),
  });
}

/** Start delivery: the order stays under Assigned Orders, PROCESSING, until Complete. */
export function startDeliveryAction(
  entry: OrderEntry,
  userId: number,
): TypedAction<'order.startDelivery'> {
  return buildAction('order.startDelivery', { userId, entry });
}

/** Complete: the order moves from Assigned Orders to Completed Orders. */
export function completeOrderAction(
  entry: OrderEntry,
  userId: number,
): TypedAction<'order.complete'> {
  return buildAction('order.complete', { userId, entry });
}

/** The signup id of a round, wherever the reply put it (spec section 3). */
export function signupIdOf(round: VolunteerRound): number | null {
  return round.signupId ?? round.signupDetails?.signupId ?? null;
}
