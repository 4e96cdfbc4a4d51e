// `npm run backup -- FILE [--force]`: a consistent copy of the SQLite database, safe while the
// server runs and writes. It reads the server's own configuration (DATA_DIR, DATABASE_URL),
// copies with SQLite's online backup API into FILE.partial, checks the copy (integrity_check
// and foreign_key_check) and only then renames it to FILE, so FILE is never a half copy.
// README.md "Backups" says how to restore one.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '#server/config';
import { SQLITE_FILE_NAME } from '#server/db/kysely';

/** Pages per step after the first: everything at once, so a busy writer cannot restart it. */
const ALL_REMAINING_PAGES = 0x7fffffff;

class BackupRefused extends Error {}

function parseArgs(argv: string[]): { target: string; force: boolean } {
  const files = argv.filter((a) => !a.startsWith('--'));
  const unknown = argv.filter((a) => a.startsWith('--') && a !== '--force');
  if (files.length !== 1 || unknown.length > 0) {
    throw new BackupRefused('usage: npm run backup -- FILE [--force]');
  }
  return { target: path.resolve(files[0]!), force: argv.includes('--force') };
}

function sourceFile(): string {
  const config = loadConfig();
  if (config.databaseUrl !== undefined) {
    throw new BackupRefused(
      'DATABASE_URL is set: this server uses PostgreSQL. Back it up with pg_dump instead.',
    );
  }
  const file = path.join(config.dataDir, SQLITE_FILE_NAME);
  if (!fs.existsSync(file)) throw new BackupRefused(`no database at ${file} (check DATA_DIR)`);
  return file;
}

/** SQLite's verdict on a file: 'ok', or what integrity_check and foreign_key_check found. */
function checkCopy(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    );
    const foreignKeys = db.pragma('foreign_key_check') as unknown[];
    if (integrity.join() === 'ok' && foreignKeys.length === 0) return 'ok';
    return `integrity_check: ${integrity.join('; ')}; foreign_key_check: ${foreignKeys.length} violation(s)`;
  } finally {
    db.close();
  }
}

async function copyDatabase(source: string, partial: string): Promise<void> {
  fs.rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_REMAINING_PAGES });
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const { target, force } = parseArgs(process.argv.slice(2));
  const source = sourceFile();
  if (fs.existsSync(target) && !force) {
    throw new BackupRefused(`${target} exists; pass --force to overwrite it`);
  }
  const partial = `${target}.partial`;
  await copyDatabase(source, partial);
  const verdict = checkCopy(partial);
  if (verdict !== 'ok') {
    fs.rmSync(partial, { force: true });
    throw new Error(`the copy failed its checks (${verdict}); nothing written to ${target}`);
  }
  fs.renameSync(partial, target);
  const bytes = fs.statSync(target).size;
  console.log(
    `Backed up ${source} to ${target}: ${bytes} bytes (${(bytes / 1_048_576).toFixed(1)} MiB), integrity_check ok`,
  );
}

main().catch((err: unknown) => {
  console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = err instanceof BackupRefused ? 2 : 1;
});
