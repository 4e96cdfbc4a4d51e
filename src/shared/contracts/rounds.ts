// Rounds calls (product-spec.md sections 3, 4 and 7 "Volunteer rounds" / "Admin rounds";
// domain-decisions.md "Rounds and sign-ups"). Identity fields the spec's client sends
// (authenticated, userId, userRole, adminUsername) are stripped here: the server checks them
// against the login session and never trusts them.
import { z } from 'zod';
import { optionalWireId } from './ids.ts';

export const ROUND_PATHS = {
  myRounds: '/api/rounds/my-rounds',
  all: '/api/rounds/all',
  one: '/api/rounds/:roundId',
  orders: '/api/rounds/:roundId/orders',
  signup: '/api/rounds/:roundId/signup',
  cancelSignup: '/api/rounds/signup/:signupId',
} as const;

export const ADMIN_ROUND_PATHS = {
  all: '/api/admin/rounds/all',
  upcoming: '/api/admin/rounds/upcoming',
  one: '/api/admin/rounds/:roundId',
  create: '/api/admin/rounds/create',
  update: '/api/admin/rounds/:roundId',
  cancel: '/api/admin/rounds/:roundId/cancel',
  lottery: '/api/admin/rounds/:roundId/lottery',
  confirmSignup: '/api/admin/rounds/signup/:signupId/confirm',
  rejectSignup: '/api/admin/rounds/signup/:signupId',
} as const;

/** A path with its :params filled in, e.g. pathTo(ROUND_PATHS.one, { roundId: 4 }). */
export function pathTo(template: string, params: Record<string, number | string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}

export const ROUND_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
export const SIGNUP_STATUSES = ['CONFIRMED', 'WAITLISTED'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** Longest texts accepted; anything longer is a 400 (never silently cut). */
export const ROUND_LIMITS = {
  title: 200,
  description: 2000,
  location: 500,
  time: 64,
  maxParticipants: 1000,
} as const;

// --- Volunteer calls -------------------------------------------------------------------

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

export const myRoundsReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** Rounds not yet ended (and not cancelled), soonest first. */
  upcomingRounds: z.array(volunteerRound),
  /** Rounds that have ended, or were cancelled, latest first. */
  pastRounds: z.array(volunteerRound),
});
export type MyRoundsReply = z.infer<typeof myRoundsReply>;

export const allRoundsReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** Every round that is not cancelled, past ones included (the calendar shows them). */
  rounds: z.array(volunteerRound),
});
export type AllRoundsReply = z.infer<typeof allRoundsReply>;

export const roundReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  round: volunteerRound,
});
export type RoundReply = z.infer<typeof roundReply>;

/**
 * An order of a round as a volunteer sees it. userId, deliveryAddress, phoneNumber and notes
 * are null unless the caller is CONFIRMED on the round (domain-decisions.md "Privacy").
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
});
export type RoundOrder = z.infer<typeof roundOrder>;

export const roundOrdersReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** True when the caller is not CONFIRMED on the round and personal data was left out. */
  personalDataHidden: z.boolean(),
  orders: z.array(roundOrder),
});
export type RoundOrdersReply = z.infer<typeof roundOrdersReply>;

export const signupReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  signupId: z.number(),
  signupStatus: z.enum(SIGNUP_STATUSES),
});
export type SignupReply = z.infer<typeof signupReply>;

export const roundsMessageReply = z.object({ status: z.literal('success'), message: z.string() });
export type RoundsMessageReply = z.infer<typeof roundsMessageReply>;

// --- Admin calls -----------------------------------------------------------------------

/** A type error's message: 'is required' when the field is missing, else `wrongType`. */
const required =
  (wrongType: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? 'is required' : wrongType;

const text = (max: number) => z.string({ error: 'must be text' }).max(max).nullish();
const time = z.string({ error: required('must be an ISO 8601 date-time') }).max(ROUND_LIMITS.time);
const maxParticipants = z
  .number({ error: required('must be a number') })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(ROUND_LIMITS.maxParticipants, `must be at most ${ROUND_LIMITS.maxParticipants}`);
/** Round status as typed into the update form: trimmed and upper-cased; '' means unchanged. */
const statusText = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value),
  z.enum(ROUND_STATUSES, { error: `must be one of ${ROUND_STATUSES.join(', ')}` }).optional(),
);

export const createRoundRequest = z.object({
  title: z.string({ error: required('must be text') }).max(ROUND_LIMITS.title),
  description: text(ROUND_LIMITS.description),
  location: text(ROUND_LIMITS.location),
  startTime: time,
  endTime: time,
  maxParticipants,
  teamLeadId: optionalWireId,
  clinicianId: optionalWireId,
});
export type CreateRoundRequest = z.input<typeof createRoundRequest>;
export type CreateRoundInput = z.output<typeof createRoundRequest>;

/** Update: a field left out keeps its value; null clears an optional one. */
export const updateRoundRequest = z.object({
  title: z.string({ error: 'must be text' }).max(ROUND_LIMITS.title).optional(),
  description: text(ROUND_LIMITS.description),
  location: text(ROUND_LIMITS.location),
  startTime: time.optional(),
  endTime: time.optional(),
  maxParticipants: maxParticipants.optional(),
  teamLeadId: optionalWireId,
  clinicianId: optionalWireId,
  status: statusText,
});
export type UpdateRoundRequest = z.input<typeof updateRoundRequest>;
export type UpdateRoundInput = z.output<typeof updateRoundRequest>;

/** Confirm and reject carry the spec's adminId claim; it must be the signed-in admin's id. */
export const adminSignupRequest = z.object({ adminId: optionalWireId });

export const adminRound = z.object({
  roundId: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string().nullable(),
  maxParticipants: z.number(),
  status: z.enum(ROUND_STATUSES),
  teamLeadId: z.number().nullable(),
  clinicianId: z.number().nullable(),
  confirmedCount: z.number(),
  waitlistedCount: z.number(),
  availableSlots: z.number(),
});
export type AdminRound = z.infer<typeof adminRound>;

export const adminRoundsReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  rounds: z.array(adminRound),
});
export type AdminRoundsReply = z.infer<typeof adminRoundsReply>;

export const adminSignup = z.object({
  signupId: z.number(),
  userId: z.number(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(SIGNUP_STATUSES),
  createdAt: z.string(),
});
export type AdminSignup = z.infer<typeof adminSignup>;

export const adminRoundDetailReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  round: adminRound,
  signups: z.array(adminSignup),
});
export type AdminRoundDetailReply = z.infer<typeof adminRoundDetailReply>;

export const createRoundReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  roundId: z.number(),
});
export type CreateRoundReply = z.infer<typeof createRoundReply>;

export const cancelRoundReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** How many open orders went back to no round. */
  detachedOrders: z.number(),
});
export type CancelRoundReply = z.infer<typeof cancelRoundReply>;
/** Update replies like cancel: detachedOrders is non-zero when the update cancelled the round. */
export const updateRoundReply = cancelRoundReply;
export type UpdateRoundReply = CancelRoundReply;

export const selectedVolunteer = adminSignup.pick({
  signupId: true,
  userId: true,
  username: true,
  firstName: true,
  lastName: true,
});
export const lotteryReply = z.object({
  status: z.literal('success'),
  message: z.string(),
  selectedVolunteers: z.array(selectedVolunteer),
});
export type LotteryReply = z.infer<typeof lotteryReply>;
export type SelectedVolunteer = z.infer<typeof selectedVolunteer>;
