// The volunteer application form's rule (product-spec.md section 5) with its exact messages,
// shared by the web client and the server.
import { blank, EMAIL_PATTERN, type Text } from './fields.ts';

export const APPLICATION_MESSAGES = {
  volunteerFirstName: 'First name is required',
  volunteerLastName: 'Last name is required',
  volunteerEmail: 'Invalid email format',
  volunteerPhone: 'Invalid phone number',
} as const;

/** Volunteer form: digits, spaces, dashes, plus or brackets, with at least one digit. */
export const VOLUNTEER_PHONE_PATTERN = /^(?=.*\d)[\d\s\-+()]+$/;

export function validateVolunteerApplication(input: {
  firstName?: Text;
  lastName?: Text;
  email?: Text;
  phone?: Text;
}): string | null {
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
}): Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', string>> {
  const errors: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', string>> = {};
  if (blank(input.firstName)) errors.firstName = APPLICATION_MESSAGES.volunteerFirstName;
  if (blank(input.lastName)) errors.lastName = APPLICATION_MESSAGES.volunteerLastName;
  if (!EMAIL_PATTERN.test(input.email?.trim() ?? ''))
    errors.email = APPLICATION_MESSAGES.volunteerEmail;
  if (!VOLUNTEER_PHONE_PATTERN.test(input.phone?.trim() ?? ''))
    errors.phone = APPLICATION_MESSAGES.volunteerPhone;
  return errors;
}
