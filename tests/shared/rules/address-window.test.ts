// The address window and who sees an order's personal data (beyond-spec.md section 2): a
// CONFIRMED volunteer from ADDRESS_REVEAL_HOURS before the round to 12 hours after it, admins
// and the client always, nobody once the retention sweep removed it.
import { describe, expect, it } from 'vitest';
import {
  addressWindow,
  HOURS_SHOWN_AFTER_ROUND,
  isWithin,
  personalDataExpired,
  personalDataVerdict,
  type OrderPrivacyFacts,
} from '#shared/rules/address-window';

const round = { startTime: '2026-12-10T18:00:00.000Z', endTime: '2026-12-10T21:00:00.000Z' };
const settings = { addressRevealHours: 24, retentionDays: 30 };
const open: OrderPrivacyFacts = {
  final: false,
  updatedAt: '2026-12-01T00:00:00.000Z',
  purged: false,
  round,
};
const at = (iso: string) => new Date(iso);

describe('addressWindow', () => {
  it('runs from the reveal hours before the start to 12 hours after the end', () => {
    expect(HOURS_SHOWN_AFTER_ROUND).toBe(12);
    const window = addressWindow(round, 24);
    expect(window.from.toISOString()).toBe('2026-12-09T18:00:00.000Z');
    expect(window.until.toISOString()).toBe('2026-12-11T09:00:00.000Z');
    expect(addressWindow(round, 2).from.toISOString()).toBe('2026-12-10T16:00:00.000Z');
  });

  it('includes both ends', () => {
    const window = addressWindow(round, 24);
    expect(isWithin(window, at('2026-12-09T17:59:59.999Z'))).toBe(false);
    expect(isWithin(window, at('2026-12-09T18:00:00.000Z'))).toBe(true);
    expect(isWithin(window, at('2026-12-11T09:00:00.000Z'))).toBe(true);
    expect(isWithin(window, at('2026-12-11T09:00:00.001Z'))).toBe(false);
  });
});

describe('personalDataVerdict', () => {
  it('hides from a confirmed volunteer before the window and says when it shows', () => {
    expect(
      personalDataVerdict('confirmedVolunteer', open, at('2026-12-07T18:00:00.000Z'), settings),
    ).toEqual({
      shown: false,
      hidden: true,
      shownFrom: '2026-12-09T18:00:00.000Z',
      purged: false,
      until: '2026-12-11T09:00:00.000Z',
    });
  });

  it('shows it inside the window, until the window ends', () => {
    const verdict = personalDataVerdict(
      'confirmedVolunteer',
      open,
      at('2026-12-10T16:00:00.000Z'),
      settings,
    );
    expect(verdict).toEqual({
      shown: true,
      hidden: false,
      shownFrom: null,
      purged: false,
      until: '2026-12-11T09:00:00.000Z',
    });
  });

  it('hides it again after the window, with nothing more to come', () => {
    const verdict = personalDataVerdict(
      'confirmedVolunteer',
      open,
      at('2026-12-11T10:00:00.000Z'),
      settings,
    );
    expect(verdict).toMatchObject({ shown: false, hidden: true, shownFrom: null });
  });

  it('ends a volunteer’s copy of a final order at the earlier of window end and retention', () => {
    const done = { ...open, final: true, updatedAt: '2026-12-10T20:00:00.000Z' };
    const now = at('2026-12-10T20:30:00.000Z');
    expect(personalDataVerdict('confirmedVolunteer', done, now, settings).until).toBe(
      '2026-12-11T09:00:00.000Z',
    );
    const soon = { ...settings, retentionDays: 0 };
    expect(personalDataVerdict('confirmedVolunteer', done, now, soon).until).toBe(
      '2026-12-10T20:00:00.000Z',
    );
  });

  it('never shows another volunteer, nor a volunteer an order on no round', () => {
    const now = at('2026-12-10T18:00:00.000Z');
    expect(personalDataVerdict('otherVolunteer', open, now, settings)).toEqual({
      shown: false,
      hidden: true,
      shownFrom: null,
      purged: false,
      until: null,
    });
    const offRound = { ...open, round: null };
    expect(personalDataVerdict('confirmedVolunteer', offRound, now, settings)).toMatchObject({
      shown: false,
      hidden: true,
      shownFrom: null,
    });
  });

  it('always shows admins and the owner; a final order expires after the retention days', () => {
    const now = at('2026-01-01T00:00:00.000Z');
    for (const viewer of ['admin', 'owner'] as const) {
      expect(personalDataVerdict(viewer, open, now, settings)).toEqual({
        shown: true,
        hidden: false,
        shownFrom: null,
        purged: false,
        until: null,
      });
      const done = { ...open, final: true };
      expect(personalDataVerdict(viewer, done, now, settings).until).toBe(
        '2026-12-31T00:00:00.000Z',
      );
    }
  });

  it('shows nobody a purged order, and leaves nothing to expire', () => {
    const purged = { ...open, final: true, purged: true };
    const now = at('2026-12-10T18:00:00.000Z');
    for (const viewer of ['admin', 'owner', 'confirmedVolunteer', 'otherVolunteer'] as const) {
      expect(personalDataVerdict(viewer, purged, now, settings)).toEqual({
        shown: false,
        hidden: false,
        shownFrom: null,
        purged: true,
        until: null,
      });
    }
  });
});

describe('personalDataExpired', () => {
  it('is true only once the instant has passed', () => {
    const until = '2026-12-11T09:00:00.000Z';
    expect(personalDataExpired(null, at('2099-01-01T00:00:00.000Z'))).toBe(false);
    expect(personalDataExpired(until, at(until))).toBe(false);
    expect(personalDataExpired(until, at('2026-12-11T09:00:00.001Z'))).toBe(true);
  });
});
