// Catalogues arrive per language and per namespace: a screen's importer (features/*/screens.ts)
// loads its namespace beside its code, and switching language loads, for the new language,
// every namespace the old one had. Built catalogues are compiled (no parser in the browser);
// in tests and the dev server Lingui compiles them on load.
import type { Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages';
import type { Namespace } from '#shared/i18n/messages';
import { i18n } from './i18n.ts';

const FILES = import.meta.glob<Messages>(
  ['../../locales/*/*.json', '!../../locales/en/common.json', '!../../locales/en/rules.json'],
  { import: 'default' },
);

/** Every namespace the app has loaded in some language (what a switch must bring along). */
const wanted = new Set<Namespace>(['common', 'rules']);
const loaded = new Set<string>([`${DEFAULT_LANGUAGE}/common`, `${DEFAULT_LANGUAGE}/rules`]);
const inFlight = new Map<string, Promise<void>>();

function loadOne(language: Language, namespace: Namespace): Promise<void> {
  const key = `${language}/${namespace}`;
  if (loaded.has(key)) return Promise.resolve();
  const running = inFlight.get(key);
  if (running !== undefined) return running;
  const file = FILES[`../../locales/${key}.json`];
  if (file === undefined) return Promise.reject(new Error(`No catalogue ${key}`));
  const loading = file()
    .then((messages) => {
      i18n.load(language, messages);
      loaded.add(key);
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, loading);
  return loading;
}

/** Loads namespaces in a language (each once); later switches bring them along. */
export async function loadNamespaces(
  language: Language,
  namespaces: readonly Namespace[],
): Promise<void> {
  for (const namespace of namespaces) wanted.add(namespace);
  await Promise.all(namespaces.map((namespace) => loadOne(language, namespace)));
}

/** Everything the app has wanted so far, in a language (before switching to it). */
export function loadWantedIn(language: Language): Promise<void> {
  return loadNamespaces(language, [...wanted]);
}

/**
 * A screen's importer that also brings the screen's namespaces in the current language:
 * both downloads run at once, and the screen renders with its words.
 */
export function withNamespaces<Module>(
  namespaces: readonly Namespace[],
  importer: () => Promise<Module>,
): () => Promise<Module> {
  return async () => {
    const language = i18n.locale as Language;
    const [module] = await Promise.all([importer(), loadNamespaces(language, namespaces)]);
    return module;
  };
}
