// Rows → the reply shapes of contracts/rounds.ts, with the domain rules on availability
// (domain-decisions.md "Rounds and sign-ups") and on who sees personal data ("Privacy").
import type { AdminRound, AdminSignup, SelectedVolunteer } from '#shared/contracts/admin-rounds';
import type { RoundOrder, VolunteerRound } from '#shared/contracts/rounds';
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

/**
 * An order as a round's volunteer sees it. Who the client is and where they are (userId,
 * address, phone, notes — guests' notes carry their names) only for a CONFIRMED volunteer.
 */
export function roundOrderView(row: RoundOrderRow, personalData: boolean): RoundOrder {
  return {
    orderId: row.id,
    status: row.status,
    orderType: row.order_type,
    userId: personalData ? row.user_id : null,
    deliveryAddress: personalData ? row.delivery_address : null,
    phoneNumber: personalData ? row.phone_number : null,
    notes: personalData ? row.notes : null,
    requestTime: row.request_time,
    orderItems: row.items,
  };
}
