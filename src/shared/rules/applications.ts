// The volunteer application form's rule (product-spec.md section 5) with its exact messages
// (rules.json), shared by the web client (which words them in the reader's language) and the
// server (which words them in the caller's).
import { message, type Message } from '#shared/i18n/messages';
import { blank, EMAIL_PATTERN, type Text } from './fields.ts';

export const APPLICATION_MESSAGES = {
  volunteerFirstName: message('rules.applications.firstName'),
  volunteerLastName: message('rules.applications.lastName'),
  volunteerEmail: message('rules.applications.email'),
  volunteerPhone: message('rules.applications.phone'),
} as const satisfies Record<string, Message>;

/** Volunteer form: digits, spaces, dashes, plus or brackets, with at least one digit. */
export const VOLUNTEER_PHONE_PATTERN = /^(?=.*\d)[\d\s\-+()]+$/;

export function validateVolunteerApplication(input: {
  firstName?: Text;
  lastName?: Text;
  email?: Text;
  phone?: Text;
}): Message | null {
  if (blank(input.firstName)) return APPLICATION_MESSAGES.volunteerFirstName;
  if (blank(input.lastName)) return APPLICATION_MESSAGES.volunteerLastName;
  if (!EMAIL_PATTERN.test(input.email?.trim() ?? '')) return APPLICATION_MESSAGES.volunteerEmail;
  if (!VOLUNTEER_PHONE_PATTERN.test(input.phone?.trim() ?? ''))
    return APPLICATION_MESSAGES.volunteerPhone;
  return null;
}

/** The volunteer form's refusals, every field at once (same rules and texts as above). */
export function volunteerApplicationErrors(input: {
  firstName?: Text;
  lastName?: Text;
  email?: Text;
  phone?: Text;
}): Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', Message>> {
  const errors: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', Message>> = {};
  if (blank(input.firstName)) errors.firstName = APPLICATION_MESSAGES.volunteerFirstName;
  if (blank(input.lastName)) errors.lastName = APPLICATION_MESSAGES.volunteerLastName;
  if (!EMAIL_PATTERN.test(input.email?.trim() ?? ''))
    errors.email = APPLICATION_MESSAGES.volunteerEmail;
  if (!VOLUNTEER_PHONE_PATTERN.test(input.phone?.trim() ?? ''))
    errors.phone = APPLICATION_MESSAGES.volunteerPhone;
  return errors;
}
