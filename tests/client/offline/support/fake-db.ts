// A fresh IndexedDB per test (fake-indexeddb), and a way to "reload": close the Dexie
// database and open it again on the same IndexedDB, as a new page would.
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { AppDb } from '#client/offline/app-db';

// liveQuery runs only when Dexie has a global indexedDB (dexie/Dexie.js#2046), which Node
// lacks; each device below still gets an IndexedDB of its own.
const globals = Dexie.dependencies as Partial<typeof Dexie.dependencies>;
globals.indexedDB ??= new IDBFactory();
globals.IDBKeyRange ??= IDBKeyRange;

export interface DeviceStorage {
  open(): AppDb;
}

export function newDevice(): DeviceStorage {
  const indexedDB = new IDBFactory();
  return { open: () => new AppDb('streetmed-test', { indexedDB, IDBKeyRange }) };
}

/** Closes the page's database and opens it again, like a page reload. */
export function reload(device: DeviceStorage, db: AppDb): AppDb {
  db.close();
  return device.open();
}
