// Which language the app speaks on this device (beyond-spec.md section 4): the person's choice
// kept on the device, else the first of the browser's languages the app speaks, else English.
// Choosing one also tells the account (account-language.ts), so mail and push follow it.
import {
  DEFAULT_LANGUAGE,
  firstSpoken,
  isLanguage,
  LANGUAGE_STORAGE_KEY as STORAGE_KEY,
  type Language,
} from '#shared/i18n/languages';
import { loadWantedIn } from './catalogues.ts';
import { currentLanguage, i18n } from './i18n.ts';

function storedChoice(): Language | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // storage blocked (private mode): the browser's languages decide
  }
}

function browserLanguage(): Language | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return firstSpoken(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

/** The language this device should speak now. */
export function deviceLanguage(): Language {
  return storedChoice() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

/** Whether the person picked a language on this device (rather than the browser's default). */
export function hasChosenLanguage(): boolean {
  return storedChoice() !== undefined;
}

/** Speaks a language: its catalogues first (no half-translated render), then the switch. */
export async function activateLanguage(language: Language): Promise<void> {
  await loadWantedIn(language);
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

type ChoiceListener = (language: Language) => void;
const listeners = new Set<ChoiceListener>();

/** Told of every choice the person makes (the account sync listens). */
export function onLanguageChosen(listener: ChoiceListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The person's choice from the menu: kept on the device, spoken at once, told to the account. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not kept on this device; still spoken now and kept on the account.
  }
  await activateLanguage(language);
  for (const listener of listeners) listener(language);
}

/**
 * A signed-in account's language, when the device has no choice of its own: the person
 * chose it elsewhere (another device), so this one follows.
 */
export async function followAccountLanguage(language: string | null | undefined): Promise<void> {
  if (!isLanguage(language) || hasChosenLanguage() || language === currentLanguage()) return;
  await activateLanguage(language);
}
