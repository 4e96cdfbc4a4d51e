import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Base64Error, base64ToBytes, bytesToBase64 } from '#shared/secure-channel/index';

describe('base64', () => {
  it('encodes like Node and decodes back, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(base64ToBytes(text)).toEqual(bytes);
      }),
    );
  });

  it.each([
    ['a space', 'AQID BA=='],
    ['a newline', 'AQID\nBA=='],
    ['the url-safe alphabet', 'AQ-_'],
    ['missing padding', 'AQIDBA'],
    ['too much padding', 'AQ==='],
    ['padding in the middle', 'AQ==AQID'],
    ['a stray character', 'AQI$'],
    ['stray bits in the last sextet', 'AR=='],
  ])('refuses %s', (_name, text) => {
    expect(() => base64ToBytes(text)).toThrow(Base64Error);
  });

  it('decodes the empty text to no bytes', () => {
    expect(base64ToBytes('')).toHaveLength(0);
  });
});
