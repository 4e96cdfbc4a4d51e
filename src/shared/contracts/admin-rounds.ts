// Admin rounds calls (product-spec.md sections 3, 4 and 7 "Admin rounds"; domain-decisions.md
// "Rounds and sign-ups"). Identity fields the spec's client sends (authenticated,
// adminUsername) are stripped here: the server checks them against the login session and never
// trusts them; the confirm and reject adminId claim is checked against it too.
import { z } from 'zod';
import { optionalWireId } from './ids.ts';
import { ROUND_STATUSES, SIGNUP_STATUSES } from './rounds.ts';
import { successReply } from './replies.ts';

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

/** Longest texts accepted; anything longer is a 400 (never silently cut). */
export const ROUND_LIMITS = {
  title: 200,
  description: 2000,
  location: 500,
  time: 64,
  maxParticipants: 1000,
} as const;

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

export const adminRoundsReply = successReply({
  rounds: z.array(adminRound),
});
export type AdminRoundsReply = z.infer<typeof adminRoundsReply>;

/**
 * The statuses a round's sign-up list shows: the live ones, and CANCELLED for a sign-up the
 * volunteer cancelled, kept for the record (beyond-spec.md section 2 "Sign-ups leave a
 * record"). The volunteer's own calls never see CANCELLED: to them it is no sign-up.
 */
export const ADMIN_SIGNUP_STATUSES = [...SIGNUP_STATUSES, 'CANCELLED'] as const;
export type AdminSignupStatus = (typeof ADMIN_SIGNUP_STATUSES)[number];

export const adminSignup = z.object({
  signupId: z.number(),
  userId: z.number(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(ADMIN_SIGNUP_STATUSES),
  /** When the volunteer signed up (ISO 8601 UTC with Z). */
  createdAt: z.string(),
  /** When the volunteer cancelled: set on CANCELLED sign-ups only. */
  cancelledAt: z.string().nullable(),
});
export type AdminSignup = z.infer<typeof adminSignup>;

export const adminRoundDetailReply = successReply({
  round: adminRound,
  /** The live sign-ups, oldest first, then the CANCELLED ones in the order they were cancelled. */
  signups: z.array(adminSignup),
});
export type AdminRoundDetailReply = z.infer<typeof adminRoundDetailReply>;

export const createRoundReply = successReply({
  roundId: z.number(),
});
export type CreateRoundReply = z.infer<typeof createRoundReply>;

export const cancelRoundReply = successReply({
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
export const lotteryReply = successReply({
  selectedVolunteers: z.array(selectedVolunteer),
});
export type LotteryReply = z.infer<typeof lotteryReply>;
export type SelectedVolunteer = z.infer<typeof selectedVolunteer>;
