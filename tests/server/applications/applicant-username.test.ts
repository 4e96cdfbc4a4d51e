import { describe, expect, it } from 'vitest';
import {
  firstFreeUsername,
  letterSuffix,
  usernameBaseOf,
} from '#server/applications/applicant-username';

describe('applicant usernames', () => {
  it('keeps English letters of the name only, capitalised', () => {
    expect(usernameBaseOf('josé', "o'NEILL-smith")).toBe('JoseOneillsmith');
    expect(usernameBaseOf('Ann 2', 'Lee')).toBe('AnnLee');
    expect(usernameBaseOf('李', '123')).toBe('Volunteer');
    expect(usernameBaseOf('a'.repeat(60), 'b')).toHaveLength(40);
  });

  it('counts suffixes in letters: a … z, aa, ab …', () => {
    expect([0, 1, 2, 26, 27, 28, 52, 53].map(letterSuffix)).toEqual([
      '',
      'a',
      'b',
      'z',
      'aa',
      'ab',
      'az',
      'ba',
    ]);
  });

  it('takes the first name not taken, case-insensitively', () => {
    expect(firstFreeUsername('AnnLee', new Set())).toBe('AnnLee');
    expect(firstFreeUsername('AnnLee', new Set(['annlee', 'annleea']))).toBe('AnnLeeb');
  });
});
