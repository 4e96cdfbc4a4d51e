// What the crash tests read straight from the SQLite file (read-only, beside the server or
// after it stopped): the rows writes can change, stock against the order lines, and SQLite's
// own integrity and foreign key checks.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { INITIAL, SIZES, type CrashWorld } from './crash-world.ts';

import { SQLITE_FILE_NAME } from '#server/db/kysely';

export function openReadOnly(dataDir: string): SQLite.Database {
  return new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
}

export interface OrderRow {
  id: number;
  user_id: number | null;
  status: string;
  round_id: number | null;
}

export interface SignupRow {
  id: number;
  round_id: number;
  user_id: number;
  status: string;
}

export function orders(db: SQLite.Database): OrderRow[] {
  return db
    .prepare('select id, user_id, status, round_id from orders order by id')
    .all() as OrderRow[];
}

export function signups(db: SQLite.Database): SignupRow[] {
  return db
    .prepare('select id, round_id, user_id, status from round_signups order by id')
    .all() as SignupRow[];
}

/** Every row a write of the workload can add or change, as one comparable text. */
export function writableState(db: SQLite.Database): string {
  return JSON.stringify({
    orders: orders(db),
    lines: db.prepare('select * from order_items order by id').all(),
    signups: signups(db),
    items: db.prepare('select id, quantity from cargo_items order by id').all(),
    sizes: db.prepare('select * from cargo_item_sizes order by item_id, size_label').all(),
  });
}

function reservedOf(db: SQLite.Database, itemId: number, sizeLabel: string | null): number {
  const row = db
    .prepare(
      `select coalesce(sum(l.quantity), 0) as n from order_items l join orders o on o.id = l.order_id
       where l.cargo_item_id = ? and (? is null or l.size_label = ?) and o.status != 'CANCELLED'`,
    )
    .get(itemId, sizeLabel, sizeLabel) as { n: number };
  return row.n;
}

/**
 * Stock left must be the initial stock minus the lines reserved by orders not cancelled, for
 * every item and every size. Returns the mismatches (none when consistent).
 */
export function stockMismatches(db: SQLite.Database, world: CrashWorld): string[] {
  const found: string[] = [];
  const item = db.prepare('select quantity from cargo_items where id = ?');
  const size = db.prepare(
    'select quantity from cargo_item_sizes where item_id = ? and size_label = ?',
  );
  const expect = (what: string, actual: number, wanted: number) => {
    if (actual !== wanted) found.push(`${what}: ${actual} in stock, expected ${wanted}`);
  };
  const gauze = (item.get(world.gauze.id) as { quantity: number }).quantity;
  expect('gauze', gauze, INITIAL.gauze - reservedOf(db, world.gauze.id, null));
  const socks = (item.get(world.socks.id) as { quantity: number }).quantity;
  expect(
    'socks',
    socks,
    SIZES.length * INITIAL.socksPerSize - reservedOf(db, world.socks.id, null),
  );
  for (const label of SIZES) {
    const left = (size.get(world.socks.id, label) as { quantity: number }).quantity;
    expect(`socks ${label}`, left, INITIAL.socksPerSize - reservedOf(db, world.socks.id, label));
  }
  return found;
}

/** PRAGMA integrity_check rows ('ok' alone when sound) and foreign_key_check violations. */
export function sqliteChecks(dataDir: string): { integrity: string[]; foreignKeys: unknown[] } {
  const db = openReadOnly(dataDir);
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    );
    return { integrity, foreignKeys: db.pragma('foreign_key_check') as unknown[] };
  } finally {
    db.close();
  }
}
