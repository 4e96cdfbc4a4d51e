// PUBLIC_URL (config.ts): the base of the links in mails. Never derived from a request (its
// Host header is the caller's choice); unset, it is this server on localhost.
import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrlFrom } from '#server/config';

describe('PUBLIC_URL', () => {
  it('is taken as given, without a trailing slash', () => {
    expect(publicUrlFrom('https://supply.example.org', 8080, false)).toBe(
      'https://supply.example.org',
    );
    expect(publicUrlFrom(' https://supply.example.org/app/ ', 8080, false)).toBe(
      'https://supply.example.org/app',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000/' }).publicUrl).toBe(
      'http://10.0.0.5:3000',
    );
  });

  it('defaults to this server on localhost, https when cookies are Secure', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000', SECURE_COOKIES: 'true' }).publicUrl).toBe(
      'https://localhost:9000',
    );
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:8080');
  });

  it('refuses to start with an address mails could not link to', () => {
    for (const bad of ['supply.example.org', 'ftp://supply.example.org', 'javascript:alert(1)'])
      expect(() => publicUrlFrom(bad, 8080, false), bad).toThrow(/PUBLIC_URL/);
  });
});
