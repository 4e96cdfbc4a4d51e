// The catalogue's version counter and unique item names.
// - catalogue_version holds one row whose number goes up with every change to cargo_items or
//   cargo_item_sizes, bumped by database triggers: every writer (cargo admin, orders reserving
//   or returning stock, anything later) moves it inside its own transaction without knowing
//   about it, and every app process sharing the database sees it. The catalogue reply cache
//   (server/cargo/catalogue-cache.ts) compares it on each read.
// - PostgreSQL: the triggers are DEFERRED constraint triggers, so the counter row is locked
//   only at commit, as the transaction's last step. A bump at statement time would hold that
//   row's lock from the first stock change to commit, and two orders touching two items in
//   opposite order would deadlock through it.
// - cargo_items.name_key becomes unique: orders find an item by its name, so two items of one
//   name would make an order line ambiguous.
// - cargo_item_sizes.position keeps the sizes in the order the admin entered them (S, M, L
//   rather than L, M, S).
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

const TABLES = ['cargo_items', 'cargo_item_sizes'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_${event}_bumps_catalogue after ${event} on ${table} ` +
            'begin update catalogue_version set version = version + 1 where id = 1; end',
        )
        .execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    create function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1 where id = 1;
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create constraint trigger ${table}_bumps_catalogue after insert or update or delete ` +
          `on ${table} deferrable initially deferred for each row ` +
          'execute function bump_catalogue_version()',
      )
      .execute(db);
  }
}

export function catalogueVersion(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('catalogue_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await db.insertInto('catalogue_version').values({ id: 1, version: 0 }).execute();
      await (t.dialect === 'sqlite' ? sqliteTriggers(db) : postgresTriggers(db));
      await db.schema
        .alterTable('cargo_item_sizes')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.dropIndex('cargo_items_name_key').execute();
      await db.schema
        .createIndex('cargo_items_name_key')
        .on('cargo_items')
        .column('name_key')
        .unique()
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('cargo_items_name_key').execute();
      await db.schema
        .createIndex('cargo_items_name_key')
        .on('cargo_items')
        .column('name_key')
        .execute();
      if (t.dialect === 'sqlite') {
        for (const table of TABLES) {
          for (const event of EVENTS) {
            await sql.raw(`drop trigger ${table}_${event}_bumps_catalogue`).execute(db);
          }
        }
      } else {
        for (const table of TABLES) {
          await sql.raw(`drop trigger ${table}_bumps_catalogue on ${table}`).execute(db);
        }
        await sql`drop function bump_catalogue_version()`.execute(db);
      }
      await db.schema.alterTable('cargo_item_sizes').dropColumn('position').execute();
      await db.schema.dropTable('catalogue_version').execute();
    },
  };
}
