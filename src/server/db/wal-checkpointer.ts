// Checkpoints the SQLite WAL off the event loop. SQLite's automatic checkpoint runs inside the
// COMMIT that crosses 1,000 WAL pages, on the connection that commits — ours, on the event
// loop — and it syncs the WAL and the database file there (~5–15 ms each on this machine's
// disk), so every few hundred writes the whole server stood still. Measured with
// `npm run bench -- audit-reads`: the audit entries' extra pages brought those stalls to the
// read path, and the ratio swung from 0.68 to 0.93 between runs; with the checkpoints moved
// away, 0.93–1.07.
//
// How: the main connection turns automatic checkpoints off, and a worker thread with its own
// connection to the file runs a PASSIVE checkpoint every CHECKPOINT_INTERVAL_MS: it copies
// committed frames into the database while the main connection keeps writing (it never waits
// for a writer or makes one wait), and SQLite restarts the WAL from its start at the next
// write once everything has been copied. The worker is plain JavaScript evaluated in place, so
// it runs the same under tsx, vitest and node, with none of their flags.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker copies the WAL into the database. */
const CHECKPOINT_INTERVAL_MS = 1_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driverPath);
const db = new SQLite(workerData.file);
db.pragma('synchronous = NORMAL');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Runs a last checkpoint, closes the worker's connection and waits for the worker to end. */
  stop(): Promise<void>;
}

/**
 * Starts the checkpointing worker for `file`, whose main connection must have automatic
 * checkpoints off (`wal_autocheckpoint = 0`). A failed checkpoint is reported to `onFailure`
 * and retried at the next interval; the WAL keeps every commit meanwhile.
 */
export function startWalCheckpointer(
  file: string,
  onFailure: (message: string) => void = () => undefined,
): WalCheckpointer {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // Nothing of this process's flags: no loader (tsx's hooks hold a port open), and never
    // --input-type=module, which would make the source above an ES module without require.
    execArgv: [],
    workerData: { file, driverPath, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // The server's own handles decide when the process ends, not this worker.
  worker.unref();
  worker.on('message', (note: { failed?: string }) => {
    if (note.failed !== undefined) onFailure(note.failed);
  });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', (error) => onFailure(error.message));
  return {
    async stop() {
      // Held while it finishes: an unreferenced worker awaited by nothing else would let the
      // process run out of work mid-close (Node exits 13 on a top-level await left pending).
      worker.ref();
      worker.postMessage('stop');
      await ended;
    },
  };
}
