// The device's database (Dexie over IndexedDB). Only src/client/offline touches it.
// Keeps, in the IndexedDB database 'streetmed':
// - catalogue, rounds, assignedOrders, myOrders: mirrored server lists (MirrorRow), replaced
//   on each refresh, with the pending outbox changes re-applied on top (mirror.ts);
// - outbox: queued writes (OutboxRow), the only copy of what the user did offline;
// - syncMeta: when each list was refreshed, and the replayer's back-off / pause state;
// - sessionUser: the signed-in user, so an installed app reopened offline opens their home.
// Schema changes add a new version() below; never edit a published one.
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { MirrorRow, MirrorTable, OutboxRow, SessionUserRow, SyncMetaRow } from './types.ts';

export const APP_DB_NAME = 'streetmed';

export const MIRROR_TABLES: readonly MirrorTable[] = [
  'catalogue',
  'rounds',
  'assignedOrders',
  'myOrders',
];

export class AppDb extends Dexie {
  declare catalogue: EntityTable<MirrorRow, 'key'>;
  declare rounds: EntityTable<MirrorRow, 'key'>;
  declare assignedOrders: EntityTable<MirrorRow, 'key'>;
  declare myOrders: EntityTable<MirrorRow, 'key'>;
  declare outbox: EntityTable<OutboxRow, 'seq'>;
  declare syncMeta: EntityTable<SyncMetaRow, 'key'>;
  declare sessionUser: EntityTable<SessionUserRow, 'key'>;

  constructor(name: string = APP_DB_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      catalogue: 'key, list',
      rounds: 'key, list',
      assignedOrders: 'key, list',
      myOrders: 'key, list',
      outbox: '++seq, status, entityKey',
      syncMeta: 'key',
      sessionUser: 'key',
    });
  }

  mirror(table: MirrorTable): EntityTable<MirrorRow, 'key'> {
    return this[table];
  }

  /** Every table an outbox transaction may touch (the outbox, mirrors, meta). */
  writeScope() {
    return [
      this.outbox,
      this.syncMeta,
      this.sessionUser,
      ...MIRROR_TABLES.map((t) => this.mirror(t)),
    ];
  }
}

let shared: AppDb | null = null;

/** The page's one database (the hooks and the engine use it; tests make their own). */
export function getAppDb(): AppDb {
  shared ??= new AppDb();
  return shared;
}
