// Admin rounds calls (product-spec.md section 7 "Admin rounds"): authenticated and
// adminUsername in the query (GET) or the body; confirm and reject add adminId. Writes resolve
// to the server's reply.
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/api-client.ts';
import {
  ADMIN_ROUND_PATHS,
  type AdminRound,
  adminRoundDetailReply,
  type AdminRoundDetailReply,
  adminRoundsReply,
  cancelRoundReply,
  createRoundReply,
  lotteryReply,
  type LotteryReply,
  updateRoundReply,
} from '#shared/contracts/admin-rounds';
import { pathTo } from '#shared/contracts/paths';
import { roundsMessageReply } from '#shared/contracts/rounds';
import { adminClaims, adminUserId } from '../../session/admin-identity.ts';
import type { RoundBody, RoundUpdateBody } from './round-form.ts';

export async function loadRounds(): Promise<AdminRound[]> {
  const reply = await apiGet(ADMIN_ROUND_PATHS.all, {
    query: { ...adminClaims() },
    schema: adminRoundsReply,
  });
  return reply.rounds;
}

export function loadRound(roundId: number | string): Promise<AdminRoundDetailReply> {
  return apiGet(pathTo(ADMIN_ROUND_PATHS.one, { roundId }), {
    query: { ...adminClaims() },
    schema: adminRoundDetailReply,
  });
}

export function createRound(body: RoundBody): Promise<{ message: string; roundId: number }> {
  return apiPost(
    ADMIN_ROUND_PATHS.create,
    { ...adminClaims(), ...body },
    { schema: createRoundReply },
  );
}

export async function updateRound(roundId: number, body: RoundUpdateBody): Promise<string> {
  const path = pathTo(ADMIN_ROUND_PATHS.update, { roundId });
  return (await apiPut(path, { ...adminClaims(), ...body }, { schema: updateRoundReply })).message;
}

export async function cancelRound(roundId: number): Promise<string> {
  const path = pathTo(ADMIN_ROUND_PATHS.cancel, { roundId });
  return (await apiPut(path, adminClaims(), { schema: cancelRoundReply })).message;
}

export function runLottery(roundId: number): Promise<LotteryReply> {
  return apiPost(pathTo(ADMIN_ROUND_PATHS.lottery, { roundId }), adminClaims(), {
    schema: lotteryReply,
  });
}

function signupBody() {
  return { ...adminClaims(), adminId: adminUserId() };
}

export async function confirmSignup(signupId: number): Promise<string> {
  const path = pathTo(ADMIN_ROUND_PATHS.confirmSignup, { signupId });
  return (await apiPut(path, signupBody(), { schema: roundsMessageReply })).message;
}

export async function rejectSignup(signupId: number): Promise<string> {
  const path = pathTo(ADMIN_ROUND_PATHS.rejectSignup, { signupId });
  return (await apiDelete(path, signupBody(), { schema: roundsMessageReply })).message;
}
