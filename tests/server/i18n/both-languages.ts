// Shared by the server's Spanish tests (issue 21): the same call in Spanish and in English.
// The Spanish is read from src/locales/es/server.json (so a test shows the catalogue's text,
// not a copy); the English is written out in the test, the wire's text as it always was.
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const SPANISH = { 'accept-language': 'es' };

const spanishCatalogue = JSON.parse(
  fs.readFileSync(new URL('../../../src/locales/es/server.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/**
 * The Spanish catalogue's text of a message, its simple {placeholders} filled in (ICU's
 * doubled apostrophe read as one). Plurals and selects are not filled: test those by value.
 */
export function spanish(id: string, values: Record<string, string> = {}): string {
  const text = spanishCatalogue[id];
  if (text === undefined) throw new Error(`es/server.json has no ${id}`);
  return text
    .replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
    .replace(/''/g, "'");
}

export const messageOf = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;

export type Send = (headers: Record<string, string>) => Promise<LightMyRequestResponse>;

/**
 * The same call made twice, each on its own fresh state: without Accept-Language it says the
 * English it always said, in Spanish the catalogue's Spanish; the status is the same.
 */
export async function expectBoth(
  send: Send,
  status: number,
  english: string,
  id: string,
  values?: Record<string, string>,
): Promise<void> {
  const inEnglish = await send({});
  expect(inEnglish.statusCode, inEnglish.body).toBe(status);
  expect(messageOf(inEnglish)).toBe(english);
  const inSpanish = await send(SPANISH);
  expect(inSpanish.statusCode, inSpanish.body).toBe(status);
  expect(messageOf(inSpanish)).toBe(spanish(id, values));
  expect(spanish(id, values)).not.toBe(english);
}
