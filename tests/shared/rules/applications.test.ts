import { describe, expect, it } from 'vitest';
import { validateVolunteerApplication } from '#shared/rules/applications';
import { englishOf } from '../../support/english.ts';

// Every spec text is written out here, not taken from the messages object, so a typo there
// fails.

describe('validateVolunteerApplication', () => {
  const ok = { firstName: 'Ann', lastName: 'Lee', email: 'ann@x.org', phone: '+1 (555) 123-4567' };
  it('checks names, email format and phone characters in order', () => {
    expect(englishOf(validateVolunteerApplication({ ...ok, firstName: '' }))).toBe(
      'First name is required',
    );
    expect(englishOf(validateVolunteerApplication({ ...ok, lastName: '' }))).toBe(
      'Last name is required',
    );
    expect(englishOf(validateVolunteerApplication({ ...ok, email: 'ann@' }))).toBe(
      'Invalid email format',
    );
    expect(englishOf(validateVolunteerApplication({ ...ok, phone: '555-CALL' }))).toBe(
      'Invalid phone number',
    );
    expect(englishOf(validateVolunteerApplication({ ...ok, phone: '' }))).toBe(
      'Invalid phone number',
    );
    expect(englishOf(validateVolunteerApplication(ok))).toBeNull();
  });
});
