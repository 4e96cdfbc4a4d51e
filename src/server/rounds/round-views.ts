// Rows → the reply shapes of contracts/rounds.ts, with the domain rules on availability
// (domain-decisions.md "Rounds and sign-ups") and on who sees personal data ("Privacy").
import type { AdminRound, AdminSignup, SelectedVolunteer } from '#shared/contracts/admin-rounds';
import type { RoundOrder, VolunteerRound } from '#shared/contracts/rounds';
import {
  addressWindow,
  isWithin,
  holdsAddressOrPhone,
  isFinalOrderStatus,
  personalDataVerdict,
  type OrderViewer,
  type PrivacySettings,
  type RoundTimes,
} from '#shared/rules/address-window';
import type {
  RoundForUser,
  RoundOrderRow,
  RoundRow,
  RoundWithCounts,
  SignupWithUser,
} from './rounds.types.ts';

/** maxParticipants minus CONFIRMED; never negative (an admin may lower the capacity). */
export function availableSlots(round: RoundRow, confirmed: number): number {
  return Math.max(0, round.max_participants - confirmed);
}

/** Sign-up is possible while the round is SCHEDULED and has not started. */
export function acceptsSignups(round: RoundRow, now: Date): boolean {
  return round.status === 'SCHEDULED' && new Date(round.start_time) > now;
}

export function volunteerView(row: RoundForUser, now: Date): VolunteerRound {
  const slots = availableSlots(row, row.confirmed);
  const signedUp = row.signup_id !== null;
  return {
    roundId: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    startTime: row.start_time,
    endTime: row.end_time,
    status: row.status,
    maxParticipants: row.max_participants,
    availableSlots: slots,
    userSignedUp: signedUp,
    openForSignup: acceptsSignups(row, now) && slots > 0 && !signedUp,
    signupStatus: row.signup_status,
    signupId: row.signup_id,
    signupDetails: row.signup_id === null ? null : { signupId: row.signup_id },
  };
}

export function adminView(row: RoundWithCounts): AdminRound {
  return {
    roundId: row.id,
    title: row.title,
    description: row.description,
    startTime: row.start_time,
    endTime: row.end_time,
    location: row.location,
    maxParticipants: row.max_participants,
    status: row.status,
    teamLeadId: row.team_lead_id,
    clinicianId: row.clinician_id,
    confirmedCount: row.confirmed,
    waitlistedCount: row.waitlisted,
    availableSlots: availableSlots(row, row.confirmed),
  };
}

export function signupView(row: SignupWithUser): AdminSignup {
  return {
    signupId: row.id,
    userId: row.user_id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
  };
}

/** A lottery's pick: the sign-up as admins see it, without its status and time. */
export function selectedView(row: SignupWithUser): SelectedVolunteer {
  const { signupId, userId, username, firstName, lastName } = signupView(row);
  return { signupId, userId, username, firstName, lastName };
}

/** Who asks for a round's orders, and when: every order of the reply is seen the same way. */
export interface RoundOrderViewContext {
  /** CONFIRMED on the round, or any other volunteer (who sees the load, never who or where). */
  viewer: Extract<OrderViewer, 'confirmedVolunteer' | 'otherVolunteer'>;
  round: RoundTimes;
  now: Date;
  settings: PrivacySettings;
}

/**
 * An order as a round's volunteer sees it. Who the client is and where they are (userId,
 * address, phone, notes — guests' notes carry their names) only for a CONFIRMED volunteer
 * inside the round's address window (shared/rules/address-window.ts), and never once purged.
 */
export function roundOrderView(
  row: RoundOrderRow,
  context: RoundOrderViewContext,
): { reply: RoundOrder; holdsPersonalData: boolean } {
  const facts = {
    final: isFinalOrderStatus(row.status),
    updatedAt: row.updated_at,
    purged: row.personal_data_purged_at !== null,
    round: context.round,
  };
  const verdict = personalDataVerdict(context.viewer, facts, context.now, context.settings);
  const shown = verdict.shown;
  const reply: RoundOrder = {
    orderId: row.id,
    status: row.status,
    orderType: row.order_type,
    userId: shown ? row.user_id : null,
    deliveryAddress: shown ? row.delivery_address : null,
    phoneNumber: shown ? row.phone_number : null,
    notes: shown ? row.notes : null,
    requestTime: row.request_time,
    orderItems: row.items,
    personalDataHidden: verdict.hidden,
    personalDataShownFrom: verdict.shownFrom,
    personalDataPurged: verdict.purged,
    personalDataUntil: verdict.until,
  };
  return { reply, holdsPersonalData: holdsAddressOrPhone(reply) };
}

/** The reply's own personalDataHidden: the caller sees no order's personal data now. */
export function roundPersonalDataHidden(context: RoundOrderViewContext): boolean {
  if (context.viewer === 'otherVolunteer') return true;
  return !isWithin(addressWindow(context.round, context.settings.addressRevealHours), context.now);
}
