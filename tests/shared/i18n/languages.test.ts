// Which language a person gets (beyond-spec.md section 4): Accept-Language read by RFC 9110's
// rules, and the first tag the app speaks.
import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, firstSpoken, languageOfTag } from '#shared/i18n/languages';

describe('languages', () => {
  it('orders Accept-Language by quality, keeping the header order on ties', () => {
    expect(acceptLanguageTags('fr;q=0.5, es-MX, en;q=0.9, de;q=0.9')).toEqual([
      'es-MX',
      'en',
      'de',
      'fr',
    ]);
  });

  it('drops q=0, the wildcard, empty parts and an oversized header', () => {
    expect(acceptLanguageTags('es;q=0, *, , en')).toEqual(['en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags(`${'x-'.repeat(300)}es`)).toEqual([]);
  });

  it('picks the first tag the app speaks, by its primary subtag', () => {
    expect(firstSpoken(acceptLanguageTags('pt-BR, es-419;q=0.8, en;q=0.5'))).toBe('es');
    expect(firstSpoken(['EN-gb'])).toBe('en');
    expect(firstSpoken(['pt', 'fr'])).toBeUndefined();
    expect(languageOfTag('es_ES')).toBe('es');
  });
});
