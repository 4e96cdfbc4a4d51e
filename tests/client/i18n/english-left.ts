// The check every Spanish screen test makes (issue 21): which English texts of a namespace are
// still on screen. A text counts by its literal parts (outside {placeholders}), as whole words
// ("Delete" is not in "Deleted"), unless the Spanish of the same message uses that part too
// (a name both languages share).
import { readFileSync } from 'node:fs';
import type { Namespace } from '#shared/i18n/messages';
import { asWords, textOutsidePlaceholders } from '../../support/message-text.ts';

export type Catalogue = Record<string, string>;

export function catalogue(language: 'en' | 'es', namespace: Namespace): Catalogue {
  // The repository root (vitest runs there; jsdom's import.meta.url is not a file path).
  const file = `${process.cwd()}/src/locales/${language}/${namespace}.json`;
  return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
}

/** A message's literal parts longer than 3 characters ("Guest: {name}" → ["Guest:"]). */
export function literalParts(text: string): string[] {
  return textOutsidePlaceholders(text)
    .map((part) => part.trim())
    .filter((part) => part.length > 3);
}

/**
 * What the person sees or hears in `root`: each text node apart (a table's textContent runs
 * its cells together, "RolPhoneAcciones", and would hide an English word between Spanish
 * ones) and the names and hints read aloud.
 */
export function shownText(root: HTMLElement = document.body): string {
  const labels = [...root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')]
    .flatMap((el) => ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a)))
    .filter((value): value is string => value !== null);
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return [...texts, ...labels].join('\n');
}

/** "id: part" for each English part of the namespace's messages found in `text`. */
export function englishIn(
  text: string,
  namespace: Namespace,
  include: (id: string) => boolean = () => true,
): string[] {
  const english = catalogue('en', namespace);
  const spanish = catalogue('es', namespace);
  return Object.entries(english)
    .filter(([id]) => include(id))
    .flatMap(([id, value]) =>
      literalParts(value)
        .filter((part) => !literalParts(spanish[id] ?? '').includes(part))
        .filter((part) => asWords(part).test(text))
        .map((part) => `${id}: ${part}`),
    );
}

/** The namespace's English still on the page now (see englishIn). */
export function englishLeft(namespace: Namespace, include?: (id: string) => boolean): string[] {
  return englishIn(shownText(), namespace, include);
}
