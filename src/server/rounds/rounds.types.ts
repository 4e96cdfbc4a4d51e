// The rounds area's shared shapes: rounds, sign-ups and a round's orders as the repositories
// read them, and a round's fields as an admin write sets them. Repositories, services and the
// views (round-views.ts) take them from here.
import type { Selectable } from 'kysely';
import type {
  LiveSignupStatus,
  OrderStatus,
  OrderType,
  RoundStatus,
  RoundsTable,
  SignupStatus,
} from '../db/schema.ts';

/** A round as ROUND_COLUMNS select it: every column but the row's timestamps. */
export type RoundRow = Omit<Selectable<RoundsTable>, 'created_at' | 'updated_at'>;

export interface RoundWithCounts extends RoundRow {
  confirmed: number;
  waitlisted: number;
}

/**
 * A round with the counts and the caller's own live sign-up on it (null when none: a
 * CANCELLED one is no sign-up for the volunteer's views).
 */
export interface RoundForUser extends RoundWithCounts {
  signup_id: number | null;
  signup_status: LiveSignupStatus | null;
}

export interface SignupRow {
  id: number;
  round_id: number;
  user_id: number;
  status: SignupStatus;
}

/** A sign-up with the volunteer's names, as the admin sees it. */
export interface SignupWithUser extends SignupRow {
  username: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  /** Set on CANCELLED sign-ups only. */
  cancelled_at: string | null;
}

export interface RoundOrderRow {
  id: number;
  status: OrderStatus;
  order_type: OrderType;
  user_id: number | null;
  delivery_address: string;
  phone_number: string | null;
  notes: string | null;
  request_time: string;
  /** The last change: a final order's personal data is kept RETENTION_DAYS after it. */
  updated_at: string;
  /** Set once the retention sweep removed the personal data. */
  personal_data_purged_at: string | null;
  items: { itemName: string; quantity: number }[];
}

export interface RoundFields {
  title: string;
  description: string | null;
  location: string | null;
  startTime: Date;
  endTime: Date;
  maxParticipants: number;
  teamLeadId: number | null;
  clinicianId: number | null;
  status: RoundStatus;
}
