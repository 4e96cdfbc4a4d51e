// The catalogue files on disk (src/locales/<language>/<namespace>.json), read and compiled for
// Lingui: by the server at start, by the client's build (scripts/lib/catalogue-plugin.ts) and
// by npm run check's catalogue check (scripts/check-catalogues.ts).
import fs from 'node:fs';
import path from 'node:path';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');

/** A catalogue as written: message id → ICU MessageFormat text. */
export type RawCatalogue = Record<string, string>;

export function readCatalogue(file: string): RawCatalogue {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${file}: a catalogue is one JSON object`);
  for (const [id, text] of Object.entries(parsed))
    if (typeof text !== 'string') throw new Error(`${file}: "${id}" is not a string`);
  return parsed as RawCatalogue;
}

/** Every catalogue of one language folder, merged (ids are unique across namespaces). */
export function readLanguage(language: string, dir = LOCALES_DIR): RawCatalogue {
  const folder = path.join(dir, language);
  const merged: RawCatalogue = {};
  for (const file of fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort())
    Object.assign(merged, readCatalogue(path.join(folder, file)));
  return merged;
}

/** The language folders present (a third language is one more folder). */
export function languageFolders(dir = LOCALES_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Parsed once, ahead of use: what Lingui's runtime interprets without a parser. */
export function compileCatalogue(raw: RawCatalogue): Record<string, CompiledMessage> {
  return Object.fromEntries(Object.entries(raw).map(([id, text]) => [id, compileMessage(text)]));
}
