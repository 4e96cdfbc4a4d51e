// Round times: ISO 8601 with or without an offset (without = UTC), impossible dates refused,
// and rounds matched to calendar days by the UTC date part of startTime.
import { describe, expect, it } from 'vitest';
import {
  calendarDayKey,
  parseRoundTime,
  roundDateKey,
  roundsOnDay,
} from '#shared/rules/round-dates';

describe('parseRoundTime', () => {
  const accepted: [string, string][] = [
    ['2026-12-01T18:00', '2026-12-01T18:00:00.000Z'],
    ['2026-12-01T18:00:30', '2026-12-01T18:00:30.000Z'],
    ['2026-12-01T18:00:30.25Z', '2026-12-01T18:00:30.250Z'],
    ['2026-12-01T18:00:00.000Z', '2026-12-01T18:00:00.000Z'],
    ['2026-12-01T18:00+02:00', '2026-12-01T16:00:00.000Z'],
    ['2026-12-01T01:00-0530', '2026-12-01T06:30:00.000Z'],
    ['2026-12-01 18:00', '2026-12-01T18:00:00.000Z'],
    ['2028-02-29T00:00Z', '2028-02-29T00:00:00.000Z'],
    [' 2026-12-01T18:00Z ', '2026-12-01T18:00:00.000Z'],
    ['0050-06-01T12:00Z', '0050-06-01T12:00:00.000Z'],
  ];
  for (const [text, iso] of accepted) {
    it(`reads ${text}`, () => {
      expect(parseRoundTime(text)?.toISOString()).toBe(iso);
    });
  }

  const refused = [
    '',
    'tomorrow',
    '2026-12-01',
    '2026-13-01T10:00',
    '2026-02-29T10:00',
    '2026-04-31T10:00',
    '2026-12-01T24:00',
    '2026-12-01T10:60',
    '2026-12-01T10:00:61',
    '2026-12-01T10:00+25:00',
    '2026-12-01T10:00 UTC',
    '1764612000',
  ];
  for (const text of refused) {
    it(`refuses ${JSON.stringify(text)}`, () => {
      expect(parseRoundTime(text)).toBeNull();
    });
  }
});

describe('calendar days', () => {
  it('a round belongs to the UTC date of its start', () => {
    expect(roundDateKey('2026-12-01T23:30:00.000Z')).toBe('2026-12-01');
    expect(roundDateKey('2026-12-02T00:10:00+02:00')).toBe('2026-12-01');
    expect(roundDateKey('not a time')).toBe('');
  });

  it('a picked day is its local year, month and day', () => {
    expect(calendarDayKey(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(calendarDayKey(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('roundsOnDay keeps the rounds that start on that UTC date', () => {
    const rounds = [
      { id: 1, startTime: '2026-12-01T08:00:00.000Z' },
      { id: 2, startTime: '2026-12-01T23:59:00.000Z' },
      { id: 3, startTime: '2026-12-02T00:00:00.000Z' },
    ];
    expect(roundsOnDay(rounds, new Date(2026, 11, 1, 12)).map((r) => r.id)).toEqual([1, 2]);
    expect(roundsOnDay(rounds, new Date(2026, 11, 3)).map((r) => r.id)).toEqual([]);
  });
});
