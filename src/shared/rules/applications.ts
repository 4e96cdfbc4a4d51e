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
