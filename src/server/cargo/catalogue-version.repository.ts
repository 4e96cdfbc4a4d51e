// Reads catalogue_version (bumped by triggers, see the 2026-11-22T0900 migration). It runs on
// every catalogue request, so it is made as cheap as each dialect allows:
// - SQLite file: a read-only connection of its own with the statement prepared once. A
//   separate connection sees committed data only, and it does not queue behind the main
//   connection's transactions (WAL readers never wait for the writer). The main connection
//   must not be used raw: it would see a transaction's uncommitted bump.
// - PostgreSQL (and an in-memory SQLite): the query compiled once, run through Kysely.
import SQLite from 'better-sqlite3';
import type { OpenedDb } from '../db/kysely.ts';

export interface CatalogueVersionReader {
  read(): Promise<number>;
  close(): void;
}

const VERSION_SQL = 'select version from catalogue_version where id = 1';

function sqliteReader(file: string): CatalogueVersionReader {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  const statement = connection.prepare<[], number>(VERSION_SQL).pluck();
  return {
    read: async () => {
      const version = statement.get();
      if (version === undefined) throw new Error('catalogue_version has no row');
      return version;
    },
    close: () => connection.close(),
  };
}

function kyselyReader(opened: OpenedDb): CatalogueVersionReader {
  const query = opened.db
    .selectFrom('catalogue_version')
    .select('version')
    .where('id', '=', 1)
    .compile();
  return {
    read: async () => {
      const row = (await opened.db.executeQuery(query)).rows[0];
      if (row === undefined) throw new Error('catalogue_version has no row');
      return row.version;
    },
    close: () => undefined,
  };
}

export function openCatalogueVersionReader(opened: OpenedDb): CatalogueVersionReader {
  const file = opened.sqlite?.name;
  if (file !== undefined && file !== ':memory:' && file !== '') return sqliteReader(file);
  return kyselyReader(opened);
}
