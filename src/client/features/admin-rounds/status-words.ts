// The words the screens show for round and sign-up statuses. English keeps the spec's codes
// (SCHEDULED, WAITLISTED…); the codes themselves stay the same on the wire.
import type { AdminSignupStatus } from '#shared/contracts/admin-rounds';
import type { RoundStatus } from '#shared/contracts/rounds';
import type { MessageId } from '#shared/i18n/messages';
import { t } from '../../i18n/i18n.ts';

const ROUND_STATUS_WORDS = {
  SCHEDULED: 'rounds.status.scheduled',
  IN_PROGRESS: 'rounds.status.inProgress',
  COMPLETED: 'rounds.status.completed',
  CANCELLED: 'rounds.status.cancelled',
} as const satisfies Record<RoundStatus, MessageId>;

const SIGNUP_STATUS_WORDS = {
  CONFIRMED: 'rounds.signupStatus.confirmed',
  WAITLISTED: 'rounds.signupStatus.waitlisted',
  CANCELLED: 'rounds.signupStatus.cancelled',
} as const satisfies Record<AdminSignupStatus, MessageId>;

/** A round's status in the admin's language (call at render). */
export function roundStatusWord(status: RoundStatus): string {
  return t(ROUND_STATUS_WORDS[status]);
}

/** A sign-up's status in the admin's language (call at render). */
export function signupStatusWord(status: AdminSignupStatus): string {
  return t(SIGNUP_STATUS_WORDS[status]);
}
