import { describe, expect, it } from 'vitest';
import { validateCargoItemId } from '#shared/rules/cargo';
import { englishOf } from '../../support/english.ts';

// Every spec text is written out here, not taken from the messages object, so a typo there
// fails.

describe('validateCargoItemId', () => {
  it('update cargo needs an item id', () => {
    expect(englishOf(validateCargoItemId(''))).toBe('Enter Item ID to update');
    expect(englishOf(validateCargoItemId('7'))).toBeNull();
  });
});
