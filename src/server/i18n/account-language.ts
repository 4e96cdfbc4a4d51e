// An account's language as stored (users.language, beyond-spec.md section 4): null while the
// person never chose one. A stored value the app no longer speaks counts as never chosen.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/i18n/languages';

/** The chosen language, or null when none (or one the app does not speak) is stored. */
export function languageOrNull(stored: string | null | undefined): Language | null {
  return isLanguage(stored) ? stored : null;
}

/** The language mail and push to the account are worded in: its choice, else English. */
export function recipientLanguage(stored: string | null | undefined): Language {
  return languageOrNull(stored) ?? DEFAULT_LANGUAGE;
}

/**
 * The language of a mail to a person (a code, an approval): the account's choice, else the
 * language of the request that sends it (a visitor registering in Spanish gets Spanish mail).
 */
export function mailLanguage(stored: string | null | undefined, request: Language): Language {
  return languageOrNull(stored) ?? request;
}
