// Admin rounds (product-spec.md section 7 "Admin rounds"): ADMIN only. The spec's
// authenticated / adminUsername fields are claims the access plugin checks; adminId on
// confirm and reject is checked here. Every write goes through runIdempotent.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ROUND_PATHS,
  adminRoundDetailReply,
  type AdminRoundDetailReply,
  adminRoundsReply,
  type AdminRoundsReply,
  adminSignupRequest,
  cancelRoundReply,
  type CancelRoundReply,
  createRoundReply,
  type CreateRoundReply,
  createRoundRequest,
  lotteryReply,
  type LotteryReply,
  updateRoundReply,
  type UpdateRoundReply,
  updateRoundRequest,
} from '#shared/contracts/admin-rounds';
import { roundsMessageReply, type RoundsMessageReply } from '#shared/contracts/rounds';
import type { Access } from '../plugins/access.ts';
import { signedInWriteOf } from '../http/writes.ts';
import { notFound } from '../errors.ts';
import { idParams } from '#shared/contracts/ids';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { runIdempotent, type WriteReply } from '../idempotency/run-idempotent.ts';
import { findAdminRound, listAdminRounds } from './rounds.repository.ts';
import { listRoundSignups } from './signups.repository.ts';
import { adminView, signupView } from './round-views.ts';
import { cancelRound, createRound, updateRoundFields } from './admin-rounds.service.ts';
import { lotteryMessage, runLottery } from './lottery.service.ts';
import { confirmSignup, rejectSignup } from './signups.service.ts';
import { ROUND_NOT_FOUND } from './round-locks.ts';
import { checkAdminIdClaim } from './admin-id-claim.ts';
import { sayTo } from '../i18n/say-to.ts';

const ADMIN: Access = ['ADMIN'];
const roundParams = idParams('roundId');
const signupParams = idParams('signupId');
const ok = (body: object): WriteReply => ({ statusCode: 200, body });

function adminReadRoutes(untyped: FastifyInstance): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.opened;
  const list = { response: { 200: adminRoundsReply } };
  const options = { config: { access: ADMIN } };

  app.get(
    ADMIN_ROUND_PATHS.all,
    { ...options, schema: list },
    async (request): Promise<AdminRoundsReply> => {
      const rounds = (await listAdminRounds(db)).map(adminView);
      return { status: 'success', message: sayTo(request, 'server.rounds.roundsLoaded'), rounds };
    },
  );

  app.get(
    ADMIN_ROUND_PATHS.upcoming,
    { ...options, schema: list },
    async (request): Promise<AdminRoundsReply> => {
      const rounds = (await listAdminRounds(db, { upcomingAt: new Date() })).map(adminView);
      return { status: 'success', message: sayTo(request, 'server.rounds.roundsLoaded'), rounds };
    },
  );

  const one = { params: roundParams, response: { 200: adminRoundDetailReply } };
  app.get(
    ADMIN_ROUND_PATHS.one,
    { ...options, schema: one },
    async (request): Promise<AdminRoundDetailReply> => {
      const { roundId } = request.params;
      const round = await findAdminRound(db, roundId);
      if (round === undefined) throw notFound(ROUND_NOT_FOUND);
      const signups = (await listRoundSignups(db, roundId)).map(signupView);
      const message = sayTo(request, 'server.rounds.roundLoaded');
      return { status: 'success', message, round: adminView(round), signups };
    },
  );
}

function adminRoundWriteRoutes(untyped: FastifyInstance): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.opened;
  const options = { config: { idempotent: true, access: ADMIN } };

  const create = {
    body: createRoundRequest,
    response: documentedReplies({ 200: createRoundReply }),
  };
  app.post(ADMIN_ROUND_PATHS.create, { ...options, schema: create }, async (request, reply) => {
    const input = request.body;
    return runIdempotent(request, reply, db, async (trx) => {
      const roundId = await createRound(signedInWriteOf(request, trx), input);
      return ok({
        status: 'success',
        message: sayTo(request, 'server.rounds.created'),
        roundId,
      } satisfies CreateRoundReply);
    });
  });

  const update = {
    params: roundParams,
    body: updateRoundRequest,
    response: documentedReplies({ 200: updateRoundReply }),
  };
  app.put(ADMIN_ROUND_PATHS.update, { ...options, schema: update }, async (request, reply) => {
    const { roundId } = request.params;
    const input = request.body;
    return runIdempotent(request, reply, db, async (trx) => {
      const detachedOrders = await updateRoundFields(signedInWriteOf(request, trx), roundId, input);
      const body: UpdateRoundReply = {
        status: 'success',
        message: sayTo(request, 'server.rounds.updated'),
        detachedOrders,
      };
      return ok(body);
    });
  });

  const cancel = { params: roundParams, response: documentedReplies({ 200: cancelRoundReply }) };
  app.put(ADMIN_ROUND_PATHS.cancel, { ...options, schema: cancel }, async (request, reply) => {
    const { roundId } = request.params;
    return runIdempotent(request, reply, db, async (trx) => {
      const detachedOrders = await cancelRound(signedInWriteOf(request, trx), roundId);
      const body: CancelRoundReply = {
        status: 'success',
        message: sayTo(request, 'server.rounds.cancelDone'),
        detachedOrders,
      };
      return ok(body);
    });
  });

  const lottery = { params: roundParams, response: documentedReplies({ 200: lotteryReply }) };
  app.post(ADMIN_ROUND_PATHS.lottery, { ...options, schema: lottery }, async (request, reply) => {
    const { roundId } = request.params;
    return runIdempotent(request, reply, db, async (trx) => {
      const result = await runLottery(signedInWriteOf(request, trx), roundId);
      const body: LotteryReply = {
        status: 'success',
        message: sayTo(request, lotteryMessage(result)),
        selectedVolunteers: result.selected,
      };
      return ok(body);
    });
  });
}

function adminSignupRoutes(untyped: FastifyInstance): void {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.opened;
  const options = { config: { idempotent: true, access: ADMIN } };
  // The adminId claim is still checked in the handler (query first, then body, as before);
  // the schemas describe the shapes and refuse malformed ones.
  const decide = {
    params: signupParams,
    querystring: adminSignupRequest,
    body: adminSignupRequest,
    response: documentedReplies({ 200: roundsMessageReply }),
  };

  app.put(
    ADMIN_ROUND_PATHS.confirmSignup,
    { ...options, schema: decide },
    async (request, reply) => {
      const { signupId } = request.params;
      checkAdminIdClaim(request);
      return runIdempotent(request, reply, db, async (trx) => {
        const changed = await confirmSignup(signedInWriteOf(request, trx), signupId);
        const message = sayTo(
          request,
          changed ? 'server.rounds.signupConfirmedByAdmin' : 'server.rounds.signupAlreadyConfirmed',
        );
        return ok({ status: 'success', message } satisfies RoundsMessageReply);
      });
    },
  );

  app.delete(
    ADMIN_ROUND_PATHS.rejectSignup,
    { ...options, schema: decide },
    async (request, reply) => {
      const { signupId } = request.params;
      checkAdminIdClaim(request);
      return runIdempotent(request, reply, db, async (trx) => {
        await rejectSignup(signedInWriteOf(request, trx), signupId);
        const message = sayTo(request, 'server.rounds.signupRejectedByAdmin');
        return ok({ status: 'success', message } satisfies RoundsMessageReply);
      });
    },
  );
}

export async function adminRoundRoutes(app: FastifyInstance): Promise<void> {
  adminReadRoutes(app);
  adminRoundWriteRoutes(app);
  adminSignupRoutes(app);
}
