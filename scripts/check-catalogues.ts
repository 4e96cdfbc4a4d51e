// npm run check's catalogue check (issue 21): fails when a language lacks a message English
// has or has one English lacks, when a message's placeholders differ between languages, when
// a message does not parse, when an id is outside its namespace, or when no source file uses
// an English id (ids are written out in full wherever they are used, so a text search finds
// every use). English is the reference: it is the spec's text.
import fs from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import {
  languageFolders,
  LOCALES_DIR,
  readCatalogue,
  type RawCatalogue,
} from '#server/i18n/catalogue-files';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['src', 'sw'].map((dir) => path.join(ROOT, dir));
const REFERENCE = 'en';

/** The placeholders a message uses ({name}, {count, plural, …}), sorted; throws on bad ICU. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        // Lingui falls back to 'other'; a message without one says nothing for some counts.
        if (!token.cases.some((option) => option.key === 'other'))
          throw new Error(`{${token.arg}, ${token.type}} has no "other" case`);
        for (const option of token.cases) visit(option.tokens);
      }
    }
  };
  visit(parse(text));
  return [...names].sort();
}

function namespacesOf(localesDir: string, language: string): Map<string, RawCatalogue> {
  const folder = path.join(localesDir, language);
  const files = fs.readdirSync(folder).filter((name) => name.endsWith('.json'));
  return new Map(
    files.map((file) => [file.slice(0, -'.json'.length), readCatalogue(path.join(folder, file))]),
  );
}

function sourceText(localesDir: string, sourceDirs: readonly string[]): string {
  const texts: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== localesDir) walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  for (const dir of sourceDirs) if (fs.existsSync(dir)) walk(dir);
  return texts.join('\n');
}

function checkMessage(where: string, text: string, problems: string[]): string[] | undefined {
  try {
    return placeholdersOf(text);
  } catch (error) {
    problems.push(`${where}: does not parse (${error instanceof Error ? error.message : ''})`);
    return undefined;
  }
}

/** The problems found; none means the catalogues are complete and consistent. */
export function catalogueProblems(
  localesDir = LOCALES_DIR,
  sourceDirs: readonly string[] = SOURCE_DIRS,
): string[] {
  const problems: string[] = [];
  const reference = namespacesOf(localesDir, REFERENCE);
  const source = sourceText(localesDir, sourceDirs);
  for (const [namespace, messages] of reference) {
    for (const [id, text] of Object.entries(messages)) {
      const where = `${REFERENCE}/${namespace}.json "${id}"`;
      if (!id.startsWith(`${namespace}.`)) problems.push(`${where}: id outside its namespace`);
      checkMessage(where, text, problems);
      if (
        !source.includes(`'${id}'`) &&
        !source.includes(`"${id}"`) &&
        !source.includes(`\`${id}\``)
      )
        problems.push(`${where}: used nowhere in src/ or sw/`);
    }
  }
  for (const language of languageFolders(localesDir).filter((name) => name !== REFERENCE)) {
    const catalogues = namespacesOf(localesDir, language);
    for (const namespace of catalogues.keys())
      if (!reference.has(namespace))
        problems.push(`${language}/${namespace}.json: English has no such namespace`);
    for (const [namespace, english] of reference) {
      const own = catalogues.get(namespace) ?? {};
      if (!catalogues.has(namespace)) problems.push(`${language}/${namespace}.json: missing`);
      for (const [id, text] of Object.entries(english)) {
        const where = `${language}/${namespace}.json "${id}"`;
        const translated = own[id];
        if (translated === undefined) {
          problems.push(`${where}: missing`);
          continue;
        }
        const expected = checkMessage(`${REFERENCE} "${id}"`, text, []);
        const found = checkMessage(where, translated, problems);
        if (expected !== undefined && found !== undefined && expected.join() !== found.join())
          problems.push(
            `${where}: placeholders {${found.join(', ')}}, English has {${expected.join(', ')}}`,
          );
      }
      for (const id of Object.keys(own))
        if (!(id in english))
          problems.push(`${language}/${namespace}.json "${id}": not in English`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const problems = catalogueProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${String(problems.length)} catalogue problem(s).`);
    process.exit(1);
  }
  console.log('Catalogues complete: every language has every message, with the same placeholders.');
}
