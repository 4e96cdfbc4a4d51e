// npm run check's catalogue check (issue 21): the real catalogues pass it, and each kind of
// mistake it exists for is caught, on catalogues written for the test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueProblems, placeholdersOf } from '../../../scripts/check-catalogues.ts';

const made: string[] = [];

/** A locales folder and a source folder, as written. */
function workspace(
  catalogues: Record<string, Record<string, Record<string, string>>>,
  source: string,
): { locales: string; src: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogues-'));
  made.push(root);
  for (const [language, namespaces] of Object.entries(catalogues)) {
    fs.mkdirSync(path.join(root, 'locales', language), { recursive: true });
    for (const [namespace, messages] of Object.entries(namespaces))
      fs.writeFileSync(
        path.join(root, 'locales', language, `${namespace}.json`),
        JSON.stringify(messages),
      );
  }
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'use.tsx'), source);
  return { locales: path.join(root, 'locales'), src: path.join(root, 'src') };
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('catalogue check', () => {
  it('passes the real catalogues', () => {
    expect(catalogueProblems()).toEqual([]);
  });

  it('finds the placeholders of plain, plural and nested messages', () => {
    expect(placeholdersOf('Hello {name}')).toEqual(['name']);
    expect(placeholdersOf('{count, plural, one {# item for {who}} other {# items}}')).toEqual([
      'count',
      'who',
    ]);
    expect(placeholdersOf("No placeholder, it's plain")).toEqual([]);
    expect(() => placeholdersOf('{count, plural, one {# item}}')).toThrow(/no "other" case/);
  });

  it('reports a missing message, an extra one and differing placeholders', () => {
    const { locales, src } = workspace(
      {
        en: { cart: { 'cart.added': 'Added {name}', 'cart.empty': 'Empty' } },
        es: { cart: { 'cart.added': 'Añadido {nombre}', 'cart.extra': 'De más' } },
      },
      "t('cart.added'); t('cart.empty');",
    );
    expect(catalogueProblems(locales, [src])).toEqual([
      'es/cart.json "cart.added": placeholders {nombre}, English has {name}',
      'es/cart.json "cart.empty": missing',
      'es/cart.json "cart.extra": not in English',
    ]);
  });

  it('reports an unused id, an id outside its namespace, a missing file and a bad message', () => {
    const { locales, src } = workspace(
      {
        en: { cart: { 'cart.unused': 'x', 'menu.open': 'Open', 'cart.bad': 'Bad {name' } },
        es: {},
      },
      "t('menu.open'); t('cart.bad');",
    );
    const problems = catalogueProblems(locales, [src]);
    expect(problems).toContain('en/cart.json "cart.unused": used nowhere in src/ or sw/');
    expect(problems).toContain('en/cart.json "menu.open": id outside its namespace');
    expect(problems).toContain('es/cart.json: missing');
    expect(problems.some((p) => p.startsWith('en/cart.json "cart.bad": does not parse'))).toBe(
      true,
    );
  });
});
