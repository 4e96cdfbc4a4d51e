// The volunteer application's queued action (POST /api/volunteer/apply through the outbox).
import { VOLUNTEER_APPLY_PATH, type VolunteerApplyRequest } from '#shared/contracts/applications';
import type { QueuedAction } from '../../offline/outbox.ts';

export interface ApplicationForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string;
}

export const EMPTY_APPLICATION: ApplicationForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  notes: '',
};

/** The request; submissionTime is when Submit was pressed, in unix seconds (spec section 9). */
export function applicationAction(form: ApplicationForm, submittedAt: Date): QueuedAction {
  const payload: VolunteerApplyRequest = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    notes: form.notes.trim() === '' ? null : form.notes.trim(),
    submissionTime: Math.floor(submittedAt.getTime() / 1000),
  };
  return {
    kind: 'volunteer.apply',
    label: 'Volunteer application',
    method: 'POST',
    path: VOLUNTEER_APPLY_PATH,
    payload,
  };
}
