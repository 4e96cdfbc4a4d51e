// TIME_ZONE (the group's zone for the times notifications name): an IANA name is taken in its
// canonical spelling, a name Intl does not know stops the start with a message naming the
// variable, and without it the process's own zone applies.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';

const base = { DATA_DIR: '/tmp/streetmed-tz-config' };

describe('TIME_ZONE', () => {
  it('takes an IANA zone name', () => {
    expect(loadConfig({ ...base, TIME_ZONE: 'America/Los_Angeles' }).timeZone).toBe(
      'America/Los_Angeles',
    );
    expect(loadConfig({ ...base, TIME_ZONE: ' america/new_york ' }).timeZone).toBe(
      'America/New_York',
    );
  });

  it('refuses a name Intl does not know, saying which variable', () => {
    expect(() => loadConfig({ ...base, TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(
      'TIME_ZONE must be an IANA time zone name, e.g. America/Los_Angeles',
    );
  });

  it('defaults to the process zone', () => {
    expect(loadConfig(base).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
