// The languages the app speaks (issue 21, beyond-spec.md section 4). A language is a folder of
// catalogues under src/locales/<code>/; adding one is that folder plus a line here.

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** English is the spec's own text, and the fallback for anything a catalogue lacks. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** localStorage: the language the person chose on this device (language-choice.ts; the built
 * index.html's startup script reads it too, scripts/lib/startup-screen-plugin.ts). */
export const LANGUAGE_STORAGE_KEY = 'streetmed.language';

/** Each language's name in itself: the menu lists "English" and "Español" in every language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a tag such as "es-MX" or "EN" belongs to, if the app speaks it. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/** The first of the person's languages (in their order of preference) that the app speaks. */
export function firstSpoken(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language !== undefined) return language;
  }
  return undefined;
}

/**
 * An Accept-Language header's tags by preference (RFC 9110 section 12.5.4): q-values decide,
 * ties keep the header's order, q=0 means "not this one" and "*" names no language.
 */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (header === undefined || header.length > 500) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}
