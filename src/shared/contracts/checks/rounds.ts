// Rounds as the volunteer's dashboard reads them, without zod (check.ts): its mirrored lists
// and a round's detail. contracts/rounds.ts holds the zod schemas they mirror.
import type { RoundOrdersReply, RoundReply, VolunteerRound } from '../rounds.ts';
import {
  array,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  string,
  successReply,
  type Check,
} from './check.ts';
import { ORDER_STATUSES, ORDER_TYPES, personalDataShape } from './orders.ts';

const ROUND_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
const SIGNUP_STATUSES = ['CONFIRMED', 'WAITLISTED'] as const;

const volunteerRound = object({
  roundId: number(),
  title: string(),
  description: nullable(string()),
  location: nullable(string()),
  startTime: string(),
  endTime: string(),
  status: oneOf(ROUND_STATUSES),
  maxParticipants: number(),
  availableSlots: number(),
  userSignedUp: boolean(),
  openForSignup: boolean(),
  signupStatus: nullable(oneOf(SIGNUP_STATUSES)),
  signupId: nullable(number()),
  signupDetails: nullable(object({ signupId: number() })),
});

export const volunteerRoundCheck: Check<VolunteerRound> = volunteerRound;

export const roundReplyCheck: Check<RoundReply> = successReply({ round: volunteerRound });

export const roundOrdersReplyCheck: Check<RoundOrdersReply> = successReply({
  personalDataHidden: boolean(),
  orders: array(
    object({
      orderId: number(),
      status: oneOf(ORDER_STATUSES),
      orderType: oneOf(ORDER_TYPES),
      userId: nullable(number()),
      deliveryAddress: nullable(string()),
      phoneNumber: nullable(string()),
      notes: nullable(string()),
      requestTime: string(),
      orderItems: array(object({ itemName: string(), quantity: number() })),
      ...personalDataShape,
    }),
  ),
});
