// The client build's catalogues, compiled (issue 21): every src/locales/<language>/<ns>.json
// the app imports is parsed here into Lingui's compiled form, still JSON, so Vite's own JSON
// handling bundles it and the browser never needs a MessageFormat parser. A message that does
// not parse fails the build, naming the file and id.
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileCatalogue, LOCALES_DIR, type RawCatalogue } from '#server/i18n/catalogue-files';

function isCatalogue(id: string): boolean {
  const file = id.split('?', 1)[0] ?? '';
  return path.dirname(path.dirname(file)) === LOCALES_DIR && file.endsWith('.json');
}

export function compiledCatalogues(): Plugin {
  return {
    name: 'compiled-catalogues',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!isCatalogue(id)) return null;
      try {
        return {
          code: JSON.stringify(compileCatalogue(JSON.parse(code) as RawCatalogue)),
          map: null,
        };
      } catch (error) {
        this.error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
