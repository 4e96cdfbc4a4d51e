import { describe, expect, it } from 'vitest';
import { validateCargoItemId } from '#shared/rules/cargo';

// Every spec text is written out here, not taken from the messages object, so a typo there
// fails.

describe('validateCargoItemId', () => {
  it('update cargo needs an item id', () => {
    expect(validateCargoItemId('')).toBe('Enter Item ID to update');
    expect(validateCargoItemId('7')).toBeNull();
  });
});
