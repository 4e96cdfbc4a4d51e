// Applying to volunteer: one PENDING application per email at a time, so an applicant who
// presses Submit twice (or whose queued offline copy arrives after a retyped one) does not
// fill the admin's list with duplicates. A second one is a 409 the client shows.
import type { VolunteerApplyRequest } from '#shared/contracts/applications';
import type { WriteContext } from '../db/write-context.ts';
import { conflict } from '../errors.ts';
import { translate } from '../i18n/translator.ts';
import { message } from '#shared/i18n/messages';
import type { Language } from '#shared/i18n/languages';
import { hasPendingApplication, insertApplication } from './applications.repository.ts';
import { notifyNewApplication } from '../notifications/notifications.service.ts';

const DUPLICATE_APPLICATION = message('server.applications.duplicate');
/** Its English, as clients and tests read it. */
export const DUPLICATE_APPLICATION_MESSAGE = translate('en', DUPLICATE_APPLICATION.id);

/** How far back a client's submissionTime is believed: a queued offline submit is late. */
const MAX_SUBMISSION_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The submission date: the client's submissionTime (unix seconds) when it is plausible —
 * an application queued offline was submitted when the user pressed Submit, not when it
 * arrived — else the server's clock.
 */
export function submissionDateOf(submissionTime: number | null | undefined, now: Date): Date {
  if (submissionTime === null || submissionTime === undefined) return now;
  const claimed = submissionTime * 1000;
  const age = now.getTime() - claimed;
  return age <= MAX_SUBMISSION_AGE_MS && age >= -MAX_CLOCK_SKEW_MS ? new Date(claimed) : now;
}

export async function applyToVolunteer(
  w: WriteContext,
  input: VolunteerApplyRequest,
  language: Language | null,
): Promise<number> {
  const { trx, now } = w;
  const email = (input.email ?? '').trim();
  if (await hasPendingApplication(trx, email)) throw conflict(DUPLICATE_APPLICATION);
  const notes = input.notes?.trim() ?? '';
  const applicationId = await insertApplication(trx, {
    firstName: (input.firstName ?? '').trim(),
    lastName: (input.lastName ?? '').trim(),
    email,
    phone: (input.phone ?? '').trim(),
    notes: notes === '' ? null : notes,
    submissionDate: submissionDateOf(input.submissionTime, now),
    language,
  });
  await notifyNewApplication(w, applicationId);
  return applicationId;
}
