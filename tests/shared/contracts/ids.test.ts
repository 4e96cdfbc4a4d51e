import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ID_RULE, idFromWire, MAX_ID, optionalWireId, wireId } from '#shared/contracts/ids';

describe('idFromWire', () => {
  it('reads numbers and digit strings from 1 to MAX_ID', () => {
    expect(idFromWire(7)).toBe(7);
    expect(idFromWire('7')).toBe(7);
    expect(idFromWire(' 42 ')).toBe(42);
    expect(idFromWire('007')).toBe(7);
    expect(idFromWire(MAX_ID)).toBe(MAX_ID);
    expect(idFromWire(String(MAX_ID))).toBe(MAX_ID);
  });

  it('refuses everything else', () => {
    const bad: unknown[] = [
      0,
      '0',
      -1,
      '-1',
      1.5,
      '1.5',
      '1e3',
      '0x10',
      '',
      ' ',
      'abc',
      MAX_ID + 1,
      String(MAX_ID + 1),
      '99999999999999999999',
      Number.NaN,
      Infinity,
      null,
      undefined,
      true,
      [1],
      { id: 1 },
    ];
    for (const value of bad) expect(idFromWire(value), JSON.stringify(value)).toBeUndefined();
  });
});

describe('wireId and optionalWireId', () => {
  const schema = z.object({ roundId: wireId, adminId: optionalWireId });

  it('parse ids to numbers; absent, null and empty optional ids are none', () => {
    expect(schema.parse({ roundId: '3' })).toEqual({ roundId: 3 });
    expect(schema.parse({ roundId: 3, adminId: '' })).toEqual({ roundId: 3, adminId: null });
    expect(schema.parse({ roundId: 3, adminId: null })).toEqual({ roundId: 3, adminId: null });
    expect(schema.parse({ roundId: 3, adminId: '9' })).toEqual({ roundId: 3, adminId: 9 });
  });

  it('name the field and the rule when an id is missing, malformed or out of range', () => {
    for (const body of [{}, { roundId: 'x' }, { roundId: MAX_ID + 1 }, { roundId: [1] }]) {
      const result = schema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['roundId'], message: ID_RULE });
    }
    const adminId = schema.safeParse({ roundId: 1, adminId: '2147483648' });
    expect(adminId.error?.issues[0]).toMatchObject({ path: ['adminId'], message: ID_RULE });
  });
});
