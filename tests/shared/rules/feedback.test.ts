import { describe, expect, it } from 'vitest';
import { feedbackErrors, validateFeedback } from '#shared/rules/feedback';
import { englishFields, englishOf } from '../../support/english.ts';

// Every spec text is written out here, not taken from the messages object, so a typo there
// fails.

describe('validateFeedback', () => {
  it('needs content, then a phone', () => {
    expect(englishOf(validateFeedback({ content: ' ', phoneNumber: '' }))).toBe(
      'Feedback content cannot be empty.',
    );
    expect(englishOf(validateFeedback({ content: 'thanks', phoneNumber: '' }))).toBe(
      'Phone number cannot be empty.',
    );
    expect(englishOf(validateFeedback({ content: 'thanks', phoneNumber: '555' }))).toBeNull();
  });
});

describe('feedbackErrors', () => {
  it('refuses both blank fields at once, with the same texts as validateFeedback', () => {
    expect(englishFields(feedbackErrors({ content: ' ', phoneNumber: '' }))).toEqual({
      content: 'Feedback content cannot be empty.',
      phoneNumber: 'Phone number cannot be empty.',
    });
    expect(englishFields(feedbackErrors({ content: 'Thanks', phoneNumber: '' }))).toEqual({
      phoneNumber: 'Phone number cannot be empty.',
    });
    expect(englishFields(feedbackErrors({ content: 'Thanks', phoneNumber: '5551234567' }))).toEqual(
      {},
    );
  });
});
