// Volunteer rounds (product-spec.md section 7 "Volunteer rounds"): VOLUNTEER only. Reads are
// one query each (round lists carry their sign-up counts and the caller's own sign-up); writes
// go through runIdempotent, so a queued sign-up replayed by the outbox signs up once.
import type { FastifyInstance } from 'fastify';
import {
  ROUND_PATHS,
  signupRequest,
  type AllRoundsReply,
  type MyRoundsReply,
  type RoundReply,
  type RoundsMessageReply,
  type SignupReply,
} from '#shared/contracts/rounds';
import { callerOf, type Access } from '../plugins/access.ts';
import { writeContextOf } from '../db/write-context.ts';
import { notFound } from '../errors.ts';
import { pathId } from '../http/ids.ts';
import { runIdempotent } from '../idempotency/run-idempotent.ts';
import { findRoundForUser, listOpenCalendar, listSignedUpRounds } from './rounds.repository.ts';
import { volunteerView } from './round-views.ts';
import { cancelOwnSignup, signUp } from './signups.service.ts';
import { ROUND_NOT_FOUND } from './write-context.ts';
import { roundOrdersRoute } from './round-orders.route.ts';

const VOLUNTEER: Access = ['VOLUNTEER'];

const SIGNUP_MESSAGES = {
  CONFIRMED: 'You are signed up for this round.',
  WAITLISTED: 'The round is full: you are on the waitlist.',
} as const;

export async function roundRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx.opened;
  const options = { config: { access: VOLUNTEER } };

  app.get(ROUND_PATHS.myRounds, options, async (request): Promise<MyRoundsReply> => {
    const now = new Date();
    const rounds = (await listSignedUpRounds(db, callerOf(request).userId)).map((row) =>
      volunteerView(row, now),
    );
    // A cancelled round is over for the volunteer even if its end time is still ahead.
    const upcoming = (r: (typeof rounds)[number]) =>
      r.status !== 'CANCELLED' && new Date(r.endTime) > now;
    return {
      status: 'success',
      message: 'Rounds loaded.',
      upcomingRounds: rounds.filter(upcoming),
      pastRounds: rounds.filter((r) => !upcoming(r)).reverse(),
    };
  });

  app.get(ROUND_PATHS.all, options, async (request): Promise<AllRoundsReply> => {
    const now = new Date();
    const rows = await listOpenCalendar(db, callerOf(request).userId);
    const rounds = rows.map((row) => volunteerView(row, now));
    return { status: 'success', message: 'Rounds loaded.', rounds };
  });

  app.get(ROUND_PATHS.one, options, async (request): Promise<RoundReply> => {
    const roundId = pathId(request.params, 'roundId');
    const row = await findRoundForUser(db, roundId, callerOf(request).userId);
    if (row === undefined) throw notFound(ROUND_NOT_FOUND);
    return { status: 'success', message: 'Round loaded.', round: volunteerView(row, new Date()) };
  });

  roundOrdersRoute(app, options);

  app.post(ROUND_PATHS.signup, options, async (request, reply) => {
    const roundId = pathId(request.params, 'roundId');
    signupRequest.parse(request.body ?? {});
    const userId = callerOf(request).userId;
    return runIdempotent(request, reply, db, async (trx) => {
      const done = await signUp(writeContextOf(app.ctx.opened, trx), roundId, userId);
      const body: SignupReply = {
        status: 'success',
        message: SIGNUP_MESSAGES[done.signupStatus],
        ...done,
      };
      return { statusCode: 200, body };
    });
  });

  app.delete(ROUND_PATHS.cancelSignup, options, async (request, reply) => {
    const signupId = pathId(request.params, 'signupId');
    const userId = callerOf(request).userId;
    return runIdempotent(request, reply, db, async (trx) => {
      await cancelOwnSignup(writeContextOf(app.ctx.opened, trx), signupId, userId);
      const body: RoundsMessageReply = {
        status: 'success',
        message: 'Your sign-up was cancelled.',
      };
      return { statusCode: 200, body };
    });
  });
}
