// The volunteer application's queued action (POST /api/volunteer/apply, offline/actions.ts).
import type { VolunteerApplyRequest } from '#shared/contracts/applications';
import { buildAction, type TypedAction } from '../../offline/actions.ts';

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
export function applicationAction(
  form: ApplicationForm,
  submittedAt: Date,
): TypedAction<'volunteer.apply'> {
  const payload: VolunteerApplyRequest = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    notes: form.notes.trim() === '' ? null : form.notes.trim(),
    submissionTime: Math.floor(submittedAt.getTime() / 1000),
  };
  return buildAction('volunteer.apply', payload);
}
