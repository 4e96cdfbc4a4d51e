// The dashboard's actions for the signed-in volunteer. Each is queued with its
// optimistic change and runs in the background; a refusal while the volunteer waits is an
// alert (run-action.ts). Cancel Signup, Start delivery and Complete cannot be taken back, so
// each asks first (issue 20 item 2); every action's result is said in the status region:
// what it did, or that it waits on this device to be sent.
import type { ReactNode } from 'react';
import { isWaitlistedReply } from '../../offline/actions.ts';
import type { ActionOutcome } from '../../offline/outcome.ts';
import { actionNewsText } from '../../offline/status-texts.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
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
  /** False when nothing was cancelled (kept, or the alert has said there was nothing). */
  cancelSignup: (entry: RoundEntry) => Promise<boolean>;
  startDelivery: (entry: OrderEntry) => void;
  complete: (entry: OrderEntry) => void;
  /** The confirmation dialog: render it once on the screen. */
  dialog: ReactNode;
}

export function cancelSignupQuestion(title: string): ConfirmRequest {
  return {
    title: `Cancel your sign-up for "${title}"?`,
    description:
      'You leave this round and its orders; your place may go to someone on the waitlist.',
    confirmLabel: 'Cancel sign-up',
    keepLabel: 'Keep my place',
  };
}

export function startDeliveryQuestion(orderId: number): ConfirmRequest {
  return {
    title: `Start delivering order #${orderId}?`,
    description: 'The order is marked as being delivered by you; other volunteers see it is taken.',
    confirmLabel: 'Start delivery',
    keepLabel: 'Not yet',
    tone: 'primary',
  };
}

export function completeQuestion(orderId: number): ConfirmRequest {
  return {
    title: `Mark order #${orderId} as delivered?`,
    description: 'It moves to Completed Orders and cannot be reopened.',
    confirmLabel: 'Mark completed',
    keepLabel: 'Not yet',
    tone: 'primary',
  };
}

function announceOutcome(outcome: ActionOutcome | null, done: string, what: string): void {
  if (outcome === null) return;
  const news = actionNewsText(outcome.kind, done, what);
  if (news !== null) announce(news);
}

function signUpNews(outcome: ActionOutcome | null, title: string): void {
  const waitlisted = outcome?.kind === 'sent' && isWaitlistedReply(outcome.verdict.body);
  const done = waitlisted ? `On the waitlist for "${title}"` : `Signed up for "${title}"`;
  announceOutcome(outcome, done, `sign up for "${title}"`);
}

/** `calendar` is the calendar's list: a cancelled round is offered there again. */
export function useVolunteerActions(calendar: RoundEntry[] | undefined): VolunteerActions {
  const userId = useSessionUser()?.userId ?? null;
  const { confirm, dialog } = useConfirm();
  return {
    dialog,
    signUp: (entry) => {
      if (userId === null) return;
      const { title } = entry.round;
      void runVolunteerAction(signUpAction(entry, userId), SIGNUP_FAILED).then((outcome) =>
        signUpNews(outcome, title),
      );
    },
    cancelSignup: async (entry) => {
      const signupId = signupIdOf(entry.round);
      if (signupId === null || userId === null) {
        window.alert(NO_SIGNUP_FOUND);
        return false;
      }
      const { title } = entry.round;
      if (!(await confirm(cancelSignupQuestion(title)))) return false;
      const inCalendar = calendar?.find((e) => e.round.roundId === entry.round.roundId);
      void runVolunteerAction(
        cancelSignupAction(entry, inCalendar, signupId, userId),
        CANCEL_SIGNUP_FAILED,
      ).then((outcome) =>
        announceOutcome(
          outcome,
          `Sign-up for "${title}" cancelled — the round left My Upcoming Rounds`,
          `cancel sign-up for "${title}"`,
        ),
      );
      return true;
    },
    startDelivery: (entry) => {
      if (userId === null) return;
      const { orderId } = entry.order;
      void confirm(startDeliveryQuestion(orderId)).then(async (yes) => {
        if (!yes) return;
        const outcome = await runVolunteerAction(
          startDeliveryAction(entry, userId),
          START_DELIVERY_FAILED,
        );
        announceOutcome(
          outcome,
          `Order #${orderId}: delivery started`,
          `start delivery of order #${orderId}`,
        );
      });
    },
    complete: (entry) => {
      if (userId === null) return;
      const { orderId } = entry.order;
      void confirm(completeQuestion(orderId)).then(async (yes) => {
        if (!yes) return;
        const outcome = await runVolunteerAction(
          completeOrderAction(entry, userId),
          COMPLETE_FAILED,
        );
        announceOutcome(
          outcome,
          `Order #${orderId} completed — it moved to Completed Orders`,
          `complete order #${orderId}`,
        );
      });
    },
  };
}
