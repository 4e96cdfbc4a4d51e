// Sign-ups (domain-decisions.md "Rounds and sign-ups"): CONFIRMED while a slot is free, else
// WAITLISTED; one live sign-up per volunteer per round; an admin confirms only into a free
// slot. A volunteer's cancel keeps the row as CANCELLED with its time (beyond-spec.md section
// 2 "Sign-ups leave a record"): it holds no slot, the volunteer may sign up again (a new row),
// and an admin can neither confirm nor reject it. Every
// function runs inside the caller's transaction and locks the round before it counts, so two
// volunteers racing for the last slot cannot both be CONFIRMED.
import type { LiveSignupStatus } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import type { RoundRow, SignupRow } from './rounds.types.ts';
import {
  countConfirmed,
  deleteSignup,
  findLiveSignup,
  findSignup,
  insertSignup,
  confirmSignups,
  markSignupCancelled,
} from './signups.repository.ts';
import type { SignedInWrite, WriteContext } from '../db/write-context.ts';
import { recordAdminAction } from '../audit/audit.service.ts';
import { lockExistingRound, SIGNUP_NOT_FOUND } from './round-locks.ts';
import {
  notifySignupRejected,
  notifySignupsConfirmed,
} from '../notifications/notifications.service.ts';
import { message } from '#shared/i18n/messages';

function refuseClosedRound(round: RoundRow, now: Date): void {
  if (round.status === 'CANCELLED') throw conflict(message('server.rounds.cancelled'));
  if (round.status !== 'SCHEDULED' || new Date(round.start_time) <= now) {
    throw conflict(message('server.rounds.signupClosed'));
  }
}

export async function signUp(
  ctx: WriteContext,
  roundId: number,
  userId: number,
): Promise<{ signupId: number; signupStatus: LiveSignupStatus }> {
  const round = await lockExistingRound(ctx, roundId);
  refuseClosedRound(round, ctx.now);
  if ((await findLiveSignup(ctx.trx, roundId, userId)) !== undefined) {
    throw conflict(message('server.rounds.alreadySignedUp'));
  }
  const confirmed = await countConfirmed(ctx.trx, roundId);
  const signupStatus = confirmed < round.max_participants ? 'CONFIRMED' : 'WAITLISTED';
  const signupId = await insertSignup(ctx.trx, { roundId, userId, status: signupStatus }, ctx.now);
  return { signupId, signupStatus };
}

/**
 * The sign-up and its round, the round locked. The sign-up is read again after the lock: a
 * concurrent write on the same round may have removed or confirmed it meanwhile.
 */
async function lockSignup(
  ctx: WriteContext,
  signupId: number,
): Promise<{ signup: SignupRow; round: RoundRow }> {
  const seen = await findSignup(ctx.trx, signupId);
  if (seen === undefined) throw notFound(SIGNUP_NOT_FOUND);
  const round = await lockExistingRound(ctx, seen.round_id);
  const signup = await findSignup(ctx.trx, signupId);
  if (signup === undefined) throw notFound(SIGNUP_NOT_FOUND);
  return { signup, round };
}

/**
 * A volunteer cancels their own sign-up: it becomes CANCELLED at ctx.now and stays. Anyone
 * else's is a 404 (its existence stays hidden). Returns false when it was already cancelled
 * (nothing changes: the first cancel's time is kept).
 */
export async function cancelOwnSignup(
  ctx: WriteContext,
  signupId: number,
  userId: number,
): Promise<boolean> {
  const seen = await findSignup(ctx.trx, signupId);
  if (seen?.user_id !== userId) throw notFound(SIGNUP_NOT_FOUND);
  const { signup, round } = await lockSignup(ctx, signupId);
  if (signup.status === 'CANCELLED') return false;
  if (round.status === 'COMPLETED' || new Date(round.end_time) <= ctx.now) {
    throw conflict(message('server.rounds.overKept'));
  }
  await markSignupCancelled(ctx.trx, signupId, ctx.now);
  return true;
}

/** An admin decides only on live sign-ups: a cancelled one is the volunteer's, kept as is. */
function refuseCancelled(signup: SignupRow, action: 'confirmed' | 'rejected'): void {
  if (signup.status === 'CANCELLED') {
    throw conflict(message('server.rounds.cancelledByVolunteer', { action }));
  }
}

/** What an admin's decision on a sign-up records: whose, on which round, from which status. */
function signupDetails(signup: SignupRow): Record<string, unknown> {
  return { roundId: signup.round_id, userId: signup.user_id, from: signup.status };
}

/**
 * Returns false when the sign-up was already CONFIRMED (nothing to do, nothing recorded).
 */
export async function confirmSignup(ctx: SignedInWrite, signupId: number): Promise<boolean> {
  const { signup, round } = await lockSignup(ctx, signupId);
  refuseCancelled(signup, 'confirmed');
  if (round.status === 'CANCELLED' || round.status === 'COMPLETED') {
    throw conflict(message('server.rounds.confirmClosed'));
  }
  if (signup.status === 'CONFIRMED') return false;
  if ((await countConfirmed(ctx.trx, round.id)) >= round.max_participants) {
    throw conflict(message('server.rounds.full'));
  }
  await confirmSignups(ctx.trx, [signupId]);
  await notifySignupsConfirmed(ctx, round, [signup]);
  const target = { type: 'signup', id: signupId } as const;
  await recordAdminAction(ctx, 'signup.confirm', target, signupDetails(signup));
  return true;
}

/** An admin rejects a live sign-up: it is deleted. */
export async function rejectSignup(ctx: SignedInWrite, signupId: number): Promise<void> {
  const { signup, round } = await lockSignup(ctx, signupId);
  refuseCancelled(signup, 'rejected');
  await deleteSignup(ctx.trx, signupId);
  await notifySignupRejected(ctx, round, signup);
  const target = { type: 'signup', id: signupId } as const;
  await recordAdminAction(ctx, 'signup.reject', target, signupDetails(signup));
}
