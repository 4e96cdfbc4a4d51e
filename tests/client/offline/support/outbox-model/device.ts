// One device of the model: one IndexedDB (fake-indexeddb), one or two tabs on it, each with
// its own Dexie instance and replayer as a page has, and a stand-in for navigator.locks
// shared by the tabs (one replayer holds the lock; a tab that dies lets it go, as the
// browser releases a dead page's locks). A crash closes the tab's database mid-send and a
// new tab opens on the same IndexedDB: a reload.
import type { AppDb } from '#client/offline/app-db';
import { markServerChanged, refreshList } from '#client/offline/mirror';
import type { MirrorListName } from '#client/offline/mirror-lists';
import type { OutboxTransport } from '#client/offline/outbox-transport';
import { createReplayer, type LockRunner, type Replayer } from '#client/offline/replayer-scheduler';
import type { DrainResult } from '#client/offline/replayer';
import { newDevice, type DeviceStorage } from '../fake-db.ts';
import { faultyTransport, type FaultContext } from './fault-transport.ts';

/**
 * The lists the model refreshes and compares: the user's own. The catalogue and the calendar
 * of all rounds grow with every run on the shared server, and no invariant reads them.
 */
export const USER_LISTS: readonly MirrorListName[] = ['myOrders', 'assignedOrders', 'myRounds'];

/** The user's lists, refreshed as the engine's refreshMirror refreshes every list. */
export async function refreshUserLists(db: AppDb, transport: OutboxTransport): Promise<void> {
  markServerChanged();
  for (const name of USER_LISTS) await refreshList(db, transport, name);
}

interface Holder {
  release: () => void;
}

/** navigator.locks for one device: exclusive, FIFO, and released when the holder's tab dies. */
class DeviceLock {
  private tail: Promise<void> = Promise.resolve();
  readonly holders = new Map<Tab, Holder>();

  runner(tab: Tab): LockRunner {
    return async (_name, work) => {
      const before = this.tail;
      let release!: () => void;
      this.tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      await before;
      if (tab.dead) {
        release(); // a dead page never runs again, and holds nothing
        return new Promise(() => undefined);
      }
      this.holders.set(tab, { release });
      try {
        return await work();
      } finally {
        this.holders.delete(tab);
        release();
      }
    };
  }

  /** The tab died: its lock goes to the next waiter (its work never finishes). */
  releaseFor(tab: Tab): void {
    this.holders.get(tab)?.release();
    this.holders.delete(tab);
  }
}

export class Tab {
  dead = false;
  readonly db: AppDb;
  readonly replayer: Replayer;
  readonly transport: OutboxTransport;
  /** Settles when the tab dies mid-send (a drain waiting on it stops waiting). */
  readonly crashed: Promise<'crashed'>;
  private markCrashed!: () => void;

  constructor(device: ModelDevice, db: AppDb) {
    this.db = db;
    this.crashed = new Promise((resolve) => {
      this.markCrashed = () => resolve('crashed');
    });
    this.transport = faultyTransport(device.realTransport, device.context, {
      db: () => this.db,
      dead: () => this.dead,
      onCrash: () => {
        this.dead = true;
        device.lock.releaseFor(this);
        this.markCrashed();
      },
    });
    this.replayer = createReplayer({
      db,
      transport: this.transport,
      lock: device.lock.runner(this),
      random: () => 0.5,
    });
  }
}

export class ModelDevice {
  readonly storage: DeviceStorage = newDevice();
  readonly lock = new DeviceLock();
  tabs: Tab[];

  constructor(
    readonly realTransport: OutboxTransport,
    readonly context: FaultContext,
  ) {
    this.tabs = [new Tab(this, this.storage.open())];
  }

  get main(): Tab {
    return this.tabs[0]!;
  }

  openTab(): void {
    this.tabs.push(new Tab(this, this.storage.open()));
  }

  /** A dead tab's page is gone: its database closes, its lock goes, a reload opens a new one. */
  private replaceDead(): void {
    const alive: Tab[] = [];
    for (const tab of this.tabs) {
      if (!tab.dead) {
        alive.push(tab);
        continue;
      }
      this.lock.releaseFor(tab);
      tab.db.close();
    }
    if (alive.length === 0) alive.push(new Tab(this, this.storage.open()));
    this.tabs = alive;
  }

  /** A reload of every tab: each page closes (whatever it was doing) and one opens again. */
  reload(): void {
    for (const tab of this.tabs) tab.dead = true;
    this.replaceDead();
  }

  /**
   * Every tab kicks its replayer at once (as 'online' reaches them all); waits for the passes,
   * or for a tab to die mid-send. Then the lists refresh when anything went through, as the
   * engine's onDrained does.
   */
  async drain(): Promise<void> {
    const kicks = this.tabs.map((tab) =>
      Promise.race([tab.replayer.kick('online').catch(() => null), tab.crashed]),
    );
    const results = await Promise.all(kicks);
    this.replaceDead();
    const moved = results.some(
      (r): r is DrainResult => r !== null && r !== 'crashed' && r.sent + r.rejected > 0,
    );
    if (!moved) return;
    await refreshUserLists(this.main.db, this.main.transport);
  }

  close(): void {
    for (const tab of this.tabs) tab.db.close();
  }
}
