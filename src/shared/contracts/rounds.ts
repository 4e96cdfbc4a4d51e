// Volunteer rounds calls (product-spec.md sections 3, 4 and 7 "Volunteer rounds";
// domain-decisions.md "Rounds and sign-ups"), and the round and sign-up statuses the admin's
// calls (admin-rounds.ts) share. Identity fields the spec's client sends (authenticated,
// userId, userRole) are stripped here: the server checks them against the login session and
// never trusts them.
import { z } from 'zod';
import { personalDataFields } from './orders.ts';
import { successReply } from './replies.ts';

export { ROUND_PATHS } from './round-paths.ts';

export const ROUND_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const SIGNUP_STATUSES = ['CONFIRMED', 'WAITLISTED'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** POST signup body: requestedRole is a claim (VOLUNTEER in the spec's client) and is ignored. */
export const signupRequest = z.object({ requestedRole: z.string().max(40).nullish() });

export const volunteerRound = z.object({
  roundId: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  /** ISO 8601 UTC with Z. */
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(ROUND_STATUSES),
  maxParticipants: z.number(),
  /** maxParticipants minus the CONFIRMED sign-ups (never below 0). */
  availableSlots: z.number(),
  userSignedUp: z.boolean(),
  /** SCHEDULED, starts in the future, has a free slot, and the caller holds no sign-up. */
  openForSignup: z.boolean(),
  signupStatus: z.enum(SIGNUP_STATUSES).nullable(),
  signupId: z.number().nullable(),
  /** The spec's alternative place for the id: { signupId } when signed up, else null. */
  signupDetails: z.object({ signupId: z.number() }).nullable(),
});
export type VolunteerRound = z.infer<typeof volunteerRound>;

export const myRoundsReply = successReply({
  /** Rounds not yet ended (and not cancelled), soonest first. */
  upcomingRounds: z.array(volunteerRound),
  /** Rounds that have ended, or were cancelled, latest first. */
  pastRounds: z.array(volunteerRound),
});
export type MyRoundsReply = z.infer<typeof myRoundsReply>;

export const allRoundsReply = successReply({
  /** Every round that is not cancelled, past ones included (the calendar shows them). */
  rounds: z.array(volunteerRound),
});
export type AllRoundsReply = z.infer<typeof allRoundsReply>;

export const roundReply = successReply({
  round: volunteerRound,
});
export type RoundReply = z.infer<typeof roundReply>;

/**
 * An order of a round as a volunteer sees it. userId, deliveryAddress, phoneNumber and notes
 * are null unless the caller is CONFIRMED on the round and inside its address window
 * (domain-decisions.md "Privacy", beyond-spec.md section 2), or once purged.
 */
export const roundOrder = z.object({
  orderId: z.number(),
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'CANCELLED']),
  orderType: z.enum(['CLIENT', 'GUEST']),
  userId: z.number().nullable(),
  deliveryAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  notes: z.string().nullable(),
  requestTime: z.string(),
  orderItems: z.array(z.object({ itemName: z.string(), quantity: z.number() })),
  ...personalDataFields,
});
export type RoundOrder = z.infer<typeof roundOrder>;

export const roundOrdersReply = successReply({
  /**
   * True when personal data was left out for the caller: not CONFIRMED on the round, or
   * outside its address window (each order says when its address shows).
   */
  personalDataHidden: z.boolean(),
  orders: z.array(roundOrder),
});
export type RoundOrdersReply = z.infer<typeof roundOrdersReply>;

export const signupReply = successReply({
  signupId: z.number(),
  signupStatus: z.enum(SIGNUP_STATUSES),
});
export type SignupReply = z.infer<typeof signupReply>;

export const roundsMessageReply = successReply({});
export type RoundsMessageReply = z.infer<typeof roundsMessageReply>;
