// The lottery (domain-decisions.md "Rounds and sign-ups"): fills the round's free slots from
// its WAITLISTED sign-ups, drawn uniformly at random; never over capacity, because the round
// is locked while the confirmed sign-ups are counted and the winners confirmed. The draw is
// recorded in the audit log (which sign-ups won) in the same transaction.
import type { SelectedVolunteer } from '#shared/contracts/admin-rounds';
import { conflict } from '../errors.ts';
import { drawUniformly } from './lottery.ts';
import { availableSlots, selectedView } from './round-views.ts';
import { confirmSignups, countConfirmed, listRoundSignups } from './signups.repository.ts';
import type { SignedInWrite } from '../db/write-context.ts';
import { recordAdminAction } from '../audit/audit.service.ts';
import { lockExistingRound } from './round-locks.ts';
import { notifySignupsConfirmed } from '../notifications/notifications.service.ts';
import { message, type Message } from '#shared/i18n/messages';

export interface LotteryResult {
  selected: SelectedVolunteer[];
  freeSlots: number;
  waitlisted: number;
}

export async function runLottery(ctx: SignedInWrite, roundId: number): Promise<LotteryResult> {
  const round = await lockExistingRound(ctx, roundId);
  if (round.status === 'CANCELLED' || round.status === 'COMPLETED') {
    throw conflict(message('server.rounds.lotteryClosed'));
  }
  const freeSlots = availableSlots(round, await countConfirmed(ctx.trx, roundId));
  const waitlisted = await listRoundSignups(ctx.trx, roundId, 'WAITLISTED');
  const winners = drawUniformly(waitlisted, freeSlots);
  const selectedSignupIds = winners.map((w) => w.id);
  await confirmSignups(ctx.trx, selectedSignupIds);
  // "You're in" to each winner, queued in this transaction (a second run draws no one new).
  await notifySignupsConfirmed(ctx, round, winners);
  const details = { selectedSignupIds, freeSlots, waitlisted: waitlisted.length };
  await recordAdminAction(ctx, 'round.lottery', { type: 'round', id: roundId }, details);
  return { selected: winners.map(selectedView), freeSlots, waitlisted: waitlisted.length };
}

export function lotteryMessage(result: LotteryResult): Message {
  if (result.freeSlots === 0) return message('server.rounds.lotteryNoSlots');
  if (result.waitlisted === 0) return message('server.rounds.lotteryNoWaitlist');
  return message('server.rounds.lotterySelected', { count: result.selected.length });
}
