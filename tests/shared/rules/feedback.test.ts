import { describe, expect, it } from 'vitest';
import { validateFeedback } from '#shared/rules/feedback';

// Every spec text is written out here, not taken from the messages object, so a typo there
// fails.

describe('validateFeedback', () => {
  it('needs content, then a phone', () => {
    expect(validateFeedback({ content: ' ', phoneNumber: '' })).toBe(
      'Feedback content cannot be empty.',
    );
    expect(validateFeedback({ content: 'thanks', phoneNumber: '' })).toBe(
      'Phone number cannot be empty.',
    );
    expect(validateFeedback({ content: 'thanks', phoneNumber: '555' })).toBeNull();
  });
});
