// Devices drop mirrored personal data by the server's rule and clock (beyond-spec.md section 2;
// api/server-clock.ts: a phone's clock a day off must not drop an address early): every
// order the server sends says until when its address, phone, notes and names may be kept
// (`personalDataUntil`: a volunteer's address window end, a final order's retention end). Past
// that instant the device copy loses them, so a lost phone holds as little as possible:
// - when a reply is stored (mirror.ts replaceList), so nothing expired is ever written;
// - when a screen reads a list (hooks.ts), so nothing expired is shown between two sweeps;
// - at start and on a timer (startPersonalDataExpiry), rewriting the stored rows and the
//   outbox's copies of them (a queued action's change and undo rows), which a refresh would
//   otherwise put back.
import { personalDataExpired } from '#shared/rules/address-window';
import { serverNow } from '../api/server-clock.ts';
import type { AppDb } from './app-db.ts';
import type { LocalChange, MirrorRow, MirrorTable } from './types.ts';

/** The mirrored lists that hold orders, and whose copy each is. */
const ORDER_TABLES = {
  myOrders: 'owner',
  assignedOrders: 'volunteer',
} as const satisfies Partial<Record<MirrorTable, 'owner' | 'volunteer'>>;

type OrderTable = keyof typeof ORDER_TABLES;

const PERSONAL_FIELDS = [
  'deliveryAddress',
  'phoneNumber',
  'notes',
  'firstName',
  'lastName',
  'email',
] as const;

/** How often a running app sweeps the stored copies. */
export const EXPIRY_SWEEP_MS = 60_000;

function isOrderTable(table: string): table is OrderTable {
  return Object.hasOwn(ORDER_TABLES, table);
}

function holdsPersonalData(order: Record<string, unknown>): boolean {
  return PERSONAL_FIELDS.some((name) => order[name] !== null && order[name] !== undefined);
}

/**
 * An order as the device may keep it at `now`: the same value when nothing has expired, else a
 * copy without the personal data, marked as the server would then send it (the client's own
 * order purged; a volunteer's hidden, with the client's id).
 */
export function keptOrderData(data: unknown, table: OrderTable, now: Date): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const order = data as Record<string, unknown>;
  const until = order.personalDataUntil;
  if (typeof until !== 'string' || !personalDataExpired(until, now)) return data;
  if (!holdsPersonalData(order)) return data;
  const dropped: Record<string, unknown> = { ...order };
  for (const name of PERSONAL_FIELDS) dropped[name] = null;
  if (ORDER_TABLES[table] === 'owner') return { ...dropped, personalDataPurged: true };
  return { ...dropped, userId: null, personalDataHidden: true };
}

/** A mirror row as the device may keep it: the same row when nothing has expired. */
export function keptRow(row: MirrorRow, table: MirrorTable, now: Date): MirrorRow {
  if (!isOrderTable(table)) return row;
  const data = keptOrderData(row.data, table, now);
  return data === row.data ? row : { ...row, data };
}

function keptChange(change: LocalChange, now: Date): LocalChange {
  if (change.row === null) return change;
  const row = keptRow(change.row, change.table, now);
  return row === change.row ? change : { ...change, row };
}

/** The changes as the device may keep them, or null when none had expired. */
function keptChanges(changes: readonly LocalChange[], now: Date): LocalChange[] | null {
  const kept = changes.map((change) => keptChange(change, now));
  return kept.some((change, i) => change !== changes[i]) ? kept : null;
}

/** Rewrites every stored copy whose personal data has expired; returns how many. */
export async function dropExpiredPersonalData(db: AppDb, now = serverNow()): Promise<number> {
  const tables = Object.keys(ORDER_TABLES) as OrderTable[];
  return db.transaction('rw', [db.outbox, ...tables.map((t) => db.mirror(t))], async () => {
    let dropped = 0;
    for (const table of tables) {
      const rows = await db.mirror(table).toArray();
      const changed = rows.filter((row) => keptRow(row, table, now) !== row);
      await db.mirror(table).bulkPut(changed.map((row) => keptRow(row, table, now)));
      dropped += changed.length;
    }
    for (const row of await db.outbox.toArray()) {
      const changes = keptChanges(row.changes, now);
      const undo = keptChanges(row.undo, now);
      if (changes === null && undo === null) continue;
      await db.outbox.update(row.seq, { changes: changes ?? row.changes, undo: undo ?? row.undo });
      dropped += 1;
    }
    return dropped;
  });
}

/** Sweeps now (in a task of its own, after start-up's) and every `everyMs`; returns a stop. */
export function startPersonalDataExpiry(db: AppDb, everyMs = EXPIRY_SWEEP_MS): () => void {
  const sweep = () => void dropExpiredPersonalData(db).catch(() => undefined);
  const first = setTimeout(sweep, 0);
  const timer = setInterval(sweep, everyMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
