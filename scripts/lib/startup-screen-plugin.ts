// The startup screen ("Establishing secure connection...", spec section 2 "Startup") written
// into the built index.html, so it paints as soon as the HTML arrives instead of after the
// entry script (~80 KB) has downloaded and run: on a slow phone link that script is most of a
// second, during which the page was blank (issue 21: the homes' first paint). It sits beside
// React's #root and stays until the startup ends (shell/page-startup-screen.ts): replaced at
// React's first render, Chromium counted React's copy as the largest paint, not this one.
// - The screen holds the text in every language (from the catalogues: a third language is one
//   more folder), each marked with its lang; CSS shows the one <html lang> names.
// - <html lang> is set before the body paints by a tiny classic script in <head>, by the rules
//   of language-choice.ts (the device's choice, else the browser's first spoken language). A
//   file, not an inline script: the CSP allows scripts from 'self' only (DESIGN.md). It is
//   precached with the app, so an offline start has it too.
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '#shared/i18n/languages';
import { LOCALES_DIR, readCatalogue } from '#server/i18n/catalogue-files';
import { PAGE_STARTUP_SCREEN_ID } from '#shared/startup-screen';

const TEXT_ID = 'common.startup.connecting';
const SCRIPT_NAME = 'startup-language.js';
const EMPTY_ROOT = '<div id="root"></div>';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The startup text of one language, as plain text (it has no placeholders to fill). */
function startupText(language: Language): string {
  const text = readCatalogue(path.join(LOCALES_DIR, language, 'common.json'))[TEXT_ID];
  if (text === undefined || /[{}]/.test(text))
    throw new Error(`src/locales/${language}/common.json: "${TEXT_ID}" missing or not plain`);
  return text;
}

/** Mirrors deviceLanguage() (src/client/i18n/language-choice.ts) in ES5, for <head>. */
function languageScript(): string {
  return `(function () {
  var spoken = ${JSON.stringify(LANGUAGES)};
  var language = null;
  try { language = localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}); } catch (e) {}
  if (spoken.indexOf(language) < 0) {
    language = null;
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < tags.length && language === null; i++) {
      var primary = String(tags[i]).trim().toLowerCase().split(/[-_]/)[0];
      if (spoken.indexOf(primary) >= 0) language = primary;
    }
  }
  document.documentElement.lang = language || ${JSON.stringify(DEFAULT_LANGUAGE)};
})();
`;
}

function startupScreen(): string {
  // One paragraph with a span per language, not a paragraph per language: beside a hidden
  // sibling paragraph, Chromium did not count the shown one as the largest paint (LCP then
  // waited for React's copy of it).
  const texts = LANGUAGES.map(
    (language) => `<span lang="${language}">${escapeHtml(startupText(language))}</span>`,
  );
  return (
    `<div id="${PAGE_STARTUP_SCREEN_ID}" class="startup-overlay" role="status" aria-live="polite">` +
    '<div class="startup-spinner" aria-hidden="true"></div>' +
    `<p class="startup-text">${texts.join('')}</p></div>${EMPTY_ROOT}`
  );
}

/** Hides every language's text but the one <html lang> names. */
function languageRules(): string {
  const hidden = LANGUAGES.map(
    (language) => `html:not([lang="${language}"]) .startup-text [lang="${language}"]`,
  );
  return `<style>${hidden.join(',')}{display:none}</style>`;
}

/** The emitted script's file name in the bundle (hashed, under assets/). */
function emittedScript(bundle: Record<string, { type: string; names?: string[] }> | undefined) {
  const found = Object.entries(bundle ?? {}).find(
    ([, file]) => file.type === 'asset' && file.names?.includes(SCRIPT_NAME),
  );
  if (found === undefined) throw new Error(`${SCRIPT_NAME} is not in the bundle`);
  return found[0];
}

export function startupScreenInHtml(): Plugin {
  return {
    name: 'startup-screen-in-html',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', name: SCRIPT_NAME, source: languageScript() });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!html.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
        const withScreen = html
          .replace(EMPTY_ROOT, startupScreen())
          .replace('</head>', `${languageRules()}</head>`);
        const src = `/${emittedScript(bundle)}`;
        return { html: withScreen, tags: [{ tag: 'script', attrs: { src }, injectTo: 'head' }] };
      },
    },
  };
}
