// The dashboard's actions for the signed-in volunteer. Each is queued with its
// optimistic change and runs in the background; a refusal while the volunteer waits is an
// alert (run-action.ts). Cancel Signup, Start delivery and Complete cannot be taken back, so
// each asks first (issue 20 item 2); every action's result is said in the status region:
// what it did, or that it waits on this device to be sent.
import type { ReactNode } from 'react';
import { t } from '../../i18n/i18n.ts';
import { isWaitlistedReply } from '../../offline/actions.ts';
import type { ActionOutcome } from '../../offline/outcome.ts';
import { actionNewsText } from '../../offline/status-texts.ts';
import { useSessionUser } from '../../session/use-session-user.ts';
import { useConfirm, type ConfirmRequest } from '../../ui/confirm-dialog.tsx';
import { announce } from '../../ui/status-toast.tsx';
import { runVolunteerAction } from './run-action.ts';
import {
  cancelSignupAction,
  completeOrderAction,
  signUpAction,
  signupIdOf,
  startDeliveryAction,
} from './volunteer-actions.ts';
import type { OrderEntry, RoundEntry } from './volunteer-data.ts';

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
    title: t('volunteer.cancelQuestion.title', { title }),
    description: t('volunteer.cancelQuestion.description'),
    confirmLabel: t('volunteer.cancelQuestion.confirm'),
    keepLabel: t('volunteer.cancelQuestion.keep'),
  };
}

export function startDeliveryQuestion(orderId: number): ConfirmRequest {
  return {
    title: t('volunteer.startQuestion.title', { orderId }),
    description: t('volunteer.startQuestion.description'),
    confirmLabel: t('volunteer.order.startDelivery'),
    keepLabel: t('volunteer.question.notYet'),
    tone: 'primary',
  };
}

export function completeQuestion(orderId: number): ConfirmRequest {
  return {
    title: t('volunteer.completeQuestion.title', { orderId }),
    description: t('volunteer.completeQuestion.description'),
    confirmLabel: t('volunteer.completeQuestion.confirm'),
    keepLabel: t('volunteer.question.notYet'),
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
  const done = waitlisted
    ? t('volunteer.news.waitlisted', { title })
    : t('volunteer.news.signedUp', { title });
  announceOutcome(outcome, done, t('volunteer.news.signUpWhat', { title }));
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
      void runVolunteerAction(signUpAction(entry, userId), t('volunteer.action.signupFailed')).then(
        (outcome) => signUpNews(outcome, title),
      );
    },
    cancelSignup: async (entry) => {
      const signupId = signupIdOf(entry.round);
      if (signupId === null || userId === null) {
        window.alert(t('volunteer.round.noSignupFound'));
        return false;
      }
      const { title } = entry.round;
      if (!(await confirm(cancelSignupQuestion(title)))) return false;
      const inCalendar = calendar?.find((e) => e.round.roundId === entry.round.roundId);
      void runVolunteerAction(
        cancelSignupAction(entry, inCalendar, signupId, userId),
        t('volunteer.action.cancelSignupFailed'),
      ).then((outcome) =>
        announceOutcome(
          outcome,
          t('volunteer.news.cancelled', { title }),
          t('volunteer.news.cancelWhat', { title }),
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
          t('volunteer.action.startDeliveryFailed'),
        );
        announceOutcome(
          outcome,
          t('volunteer.news.deliveryStarted', { orderId }),
          t('volunteer.news.startWhat', { orderId }),
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
          t('volunteer.action.completeFailed'),
        );
        announceOutcome(
          outcome,
          t('volunteer.news.completed', { orderId }),
          t('volunteer.news.completeWhat', { orderId }),
        );
      });
    },
  };
}
