// A database made by only the migrations before the one under test, on SQLite or PostgreSQL,
// so a migration test can put in the rows an older server wrote and then run the rest. The
// migrations are the server's own list (migrate.ts), taken in the order the migrator runs them:
// by name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { expect } from 'vitest';
import { openDatabase, type DialectName, type OpenedDb } from '#server/db/kysely';
import { allMigrations } from '#server/db/migrate';
import { columnTypesFor } from '#server/db/migrations/column-types';
import { createPostgresDatabase } from './build-app.ts';

/**
 * Opens a fresh database of the dialect, runs the migrations that come before the one named
 * `underTest` on it, hands it to `run`, and removes it afterwards (the SQLite folder, or the
 * PostgreSQL database).
 */
export async function withEarlierSchema(
  dialect: DialectName,
  underTest: string,
  run: (opened: OpenedDb) => Promise<void>,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-migration-'));
  const pgDb = dialect === 'postgres' ? await createPostgresDatabase('streetmed_mig') : undefined;
  try {
    const opened = openDatabase(pgDb?.url, dir);
    try {
      const all = allMigrations(columnTypesFor(opened.dialect));
      expect(Object.keys(all)).toContain(underTest);
      const migrations = Object.fromEntries(
        Object.entries(all).filter(([name]) => name < underTest),
      );
      const early = new Migrator({
        db: opened.db,
        provider: { getMigrations: async () => migrations },
      });
      expect((await early.migrateToLatest()).error).toBeUndefined();
      await run(opened);
    } finally {
      await opened.db.destroy();
    }
  } finally {
    await pgDb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
