// Volunteer rounds (product-spec.md section 7 "Volunteer rounds"): VOLUNTEER only. Reads are
// one query each (round lists carry their sign-up counts and the caller's own sign-up); writes
// go through runIdempotent, so a queued sign-up replayed by the outbox signs up once.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allRoundsReply,
  type AllRoundsReply,
  myRoundsReply,
  type MyRoundsReply,
  ROUND_PATHS,
  roundReply,
  type RoundReply,
  roundsMessageReply,
  type RoundsMessageReply,
  signupReply,
  type SignupReply,
  signupRequest,
} from '#shared/contracts/rounds';
import { callerOf, type Access } from '../plugins/access.ts';
import { writeOf } from '../http/writes.ts';
import { notFound } from '../errors.ts';
import { idParams } from '#shared/contracts/ids';
import { documentedReplies } from '../plugins/zod-schemas.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { findRoundForUser, listOpenCalendar, listSignedUpRounds } from './rounds.repository.ts';
import { volunteerView } from './round-views.ts';
import { cancelOwnSignup, signUp } from './signups.service.ts';
import { ROUND_NOT_FOUND } from './round-locks.ts';
import { roundOrdersRoute } from './round-orders.routes.ts';
import { sayTo } from '../i18n/say-to.ts';
import type { MessageId } from '#shared/i18n/messages';

const VOLUNTEER: Access = ['VOLUNTEER'];

const SIGNUP_MESSAGES = {
  CONFIRMED: 'server.rounds.signupConfirmed',
  WAITLISTED: 'server.rounds.signupWaitlisted',
} as const satisfies Record<'CONFIRMED' | 'WAITLISTED', MessageId>;

export async function roundRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.opened;
  const options = { config: { access: VOLUNTEER } };
  const writeOptions = { config: { access: VOLUNTEER, idempotent: true } };
  const replyOf = <T>(schema: T) => ({ response: { 200: schema } });

  app.get(
    ROUND_PATHS.myRounds,
    { ...options, schema: replyOf(myRoundsReply) },
    async (request): Promise<MyRoundsReply> => {
      const now = new Date();
      const rounds = (await listSignedUpRounds(db, callerOf(request).userId)).map((row) =>
        volunteerView(row, now),
      );
      // A cancelled round is over for the volunteer even if its end time is still ahead.
      const upcoming = (r: (typeof rounds)[number]) =>
        r.status !== 'CANCELLED' && new Date(r.endTime) > now;
      return {
        status: 'success',
        message: sayTo(request, 'server.rounds.roundsLoaded'),
        upcomingRounds: rounds.filter(upcoming),
        pastRounds: rounds.filter((r) => !upcoming(r)).reverse(),
      };
    },
  );

  app.get(
    ROUND_PATHS.all,
    { ...options, schema: replyOf(allRoundsReply) },
    async (request): Promise<AllRoundsReply> => {
      const now = new Date();
      const rows = await listOpenCalendar(db, callerOf(request).userId);
      const rounds = rows.map((row) => volunteerView(row, now));
      const message = sayTo(request, 'server.rounds.roundsLoaded');
      return { status: 'success', message, rounds };
    },
  );

  const one = { params: idParams('roundId'), response: { 200: roundReply } };
  app.get(ROUND_PATHS.one, { ...options, schema: one }, async (request): Promise<RoundReply> => {
    const { roundId } = request.params;
    const row = await findRoundForUser(db, roundId, callerOf(request).userId);
    if (row === undefined) throw notFound(ROUND_NOT_FOUND);
    const message = sayTo(request, 'server.rounds.roundLoaded');
    return { status: 'success', message, round: volunteerView(row, new Date()) };
  });

  roundOrdersRoute(app, options);

  const signup = {
    params: idParams('roundId'),
    body: signupRequest,
    response: documentedReplies({ 200: signupReply }),
  };
  app.post(ROUND_PATHS.signup, { ...writeOptions, schema: signup }, async (request, reply) => {
    const { roundId } = request.params;
    const userId = callerOf(request).userId;
    return runIdempotent(request, reply, db, async (trx) => {
      const done = await signUp(writeOf(request, trx), roundId, userId);
      const body: SignupReply = {
        status: 'success',
        message: sayTo(request, SIGNUP_MESSAGES[done.signupStatus]),
        ...done,
      };
      return { statusCode: 200, body };
    });
  });

  const cancel = {
    params: idParams('signupId'),
    response: documentedReplies({ 200: roundsMessageReply }),
  };
  app.delete(
    ROUND_PATHS.cancelSignup,
    { ...writeOptions, schema: cancel },
    async (request, reply) => {
      const { signupId } = request.params;
      const userId = callerOf(request).userId;
      return runIdempotent(request, reply, db, async (trx) => {
        const changed = await cancelOwnSignup(writeOf(request, trx), signupId, userId);
        const body: RoundsMessageReply = {
          status: 'success',
          message: sayTo(
            request,
            changed ? 'server.rounds.signupCancelled' : 'server.rounds.signupAlreadyCancelled',
          ),
        };
        return { statusCode: 200, body };
      });
    },
  );
}
