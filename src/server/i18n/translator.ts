// The server's words in each language: refusals people see, mail and push. One Lingui
// instance per language (a request never switches another request's language), built at
// start from the compiled catalogues; a message a catalogue lacks falls back to English
// (npm run check keeps that from happening in a release).
import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/i18n/languages';
import {
  wordValues,
  type Message,
  type MessageId,
  type MessageValues,
} from '#shared/i18n/messages';
import { compileCatalogue, readLanguage } from './catalogue-files.ts';

function buildInstances(): Record<Language, I18n> {
  const english = readLanguage(DEFAULT_LANGUAGE);
  const entries = LANGUAGES.map((language) => {
    const own = language === DEFAULT_LANGUAGE ? english : readLanguage(language);
    const messages = compileCatalogue({ ...english, ...own });
    return [language, setupI18n({ locale: language, messages: { [language]: messages } })];
  });
  return Object.fromEntries(entries) as Record<Language, I18n>;
}

let instances: Record<Language, I18n> | undefined;

function instanceFor(language: Language): I18n {
  instances ??= buildInstances();
  return instances[language];
}

/** A message in a language. */
export function translate(language: Language, id: MessageId, values?: MessageValues): string {
  return instanceFor(language)._(
    id,
    wordValues(values, (text) => say(language, text)),
  );
}

/** A message object (what shared rules return) in a language. */
export function say(language: Language, text: Message): string {
  return translate(language, text.id, text.values);
}
