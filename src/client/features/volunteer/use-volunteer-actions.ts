// The dashboard's actions for the signed-in volunteer. Each is queued with its
// optimistic change and runs in the background; a refusal while the volunteer waits is an
// alert (run-action.ts).
import { useSessionUser } from '../../session/use-session-user.ts';
import { NO_SIGNUP_FOUND } from './round-detail-modal.tsx';
import { runVolunteerAction } from './run-action.ts';
import {
  cancelSignupAction,
  completeOrderAction,
  signUpAction,
  signupIdOf,
  startDeliveryAction,
} from './volunteer-actions.ts';
import type { OrderEntry, RoundEntry } from './volunteer-data.ts';

export const SIGNUP_FAILED = 'Sign-up failed.';
export const CANCEL_SIGNUP_FAILED = 'Failed to cancel the sign-up.';
export const START_DELIVERY_FAILED = 'Failed to start the delivery.';
export const COMPLETE_FAILED = 'Failed to complete the order.';

export interface VolunteerActions {
  signUp: (entry: RoundEntry) => void;
  /** False when there was nothing to cancel (the alert has said so). */
  cancelSignup: (entry: RoundEntry) => boolean;
  startDelivery: (entry: OrderEntry) => void;
  complete: (entry: OrderEntry) => void;
}

/** `calendar` is the calendar's list: a cancelled round is offered there again. */
export function useVolunteerActions(calendar: RoundEntry[] | undefined): VolunteerActions {
  const userId = useSessionUser()?.userId ?? null;
  return {
    signUp: (entry) => {
      if (userId === null) return;
      void runVolunteerAction(signUpAction(entry, userId), SIGNUP_FAILED);
    },
    cancelSignup: (entry) => {
      const signupId = signupIdOf(entry.round);
      if (signupId === null || userId === null) {
        window.alert(NO_SIGNUP_FOUND);
        return false;
      }
      const inCalendar = calendar?.find((e) => e.round.roundId === entry.round.roundId);
      void runVolunteerAction(
        cancelSignupAction(entry, inCalendar, signupId, userId),
        CANCEL_SIGNUP_FAILED,
      );
      return true;
    },
    startDelivery: (entry) => {
      if (userId === null) return;
      void runVolunteerAction(startDeliveryAction(entry, userId), START_DELIVERY_FAILED);
    },
    complete: (entry) => {
      if (userId === null) return;
      void runVolunteerAction(completeOrderAction(entry, userId), COMPLETE_FAILED);
    },
  };
}
