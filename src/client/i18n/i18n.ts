// The client's one translator (issue 21). Lingui's core runtime (~2 KB gzip) interprets
// catalogues compiled at build time (scripts/lib/catalogue-plugin.ts), so no message parser
// ships to the browser. English's 'common' and 'rules' namespaces are in the entry: the first
// paint of the default language waits for no catalogue; any other language's catalogues and
// the screens' namespaces load on demand (catalogues.ts).
import { setupI18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/i18n/languages';
import {
  wordValues,
  type Message,
  type MessageId,
  type MessageValues,
} from '#shared/i18n/messages';
import englishCommon from '../../locales/en/common.json';
import englishRules from '../../locales/en/rules.json';

export const i18n = setupI18n();
i18n.load(DEFAULT_LANGUAGE, { ...englishCommon, ...englishRules });
i18n.activate(DEFAULT_LANGUAGE);

/** A message in the current language. */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, wordValues(values, say));
}

export type Translate = typeof t;

/** What a screen shows: a message to translate, or a text already in the reader's language. */
export type Saying = Message | string;

/**
 * A text in the current language: a message (what shared rules return) is translated; a
 * string is a text someone else already put in the reader's language (a server refusal,
 * which the server words in the caller's language).
 */
export function say(text: Saying): string {
  return typeof text === 'string' ? text : t(text.id, text.values);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

// Bumped on every change (a language activated, a catalogue loaded): what components watch.
let version = 0;
i18n.on('change', () => {
  version += 1;
});

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

/**
 * The translator for a component: the component renders again when the language changes or a
 * catalogue arrives, so every text it shows is in the current language.
 */
export function useT(): Translate {
  useSyncExternalStore(subscribe, () => version);
  return t;
}
