// The catalogue reply, serialized once and kept in memory, one cache per app instance.
// State: the last serialized reply with the catalogue version it was built at, and the build
// in flight (concurrent misses share it).
// Why a version check rather than invalidation calls: database triggers bump
// catalogue_version on every change to cargo_items or cargo_item_sizes, in the writer's own
// transaction. So stock reserved or returned by orders (another module), or written by another
// app process on the same PostgreSQL, is seen without anyone remembering to invalidate. Each
// read costs one primary-key lookup of a one-row table (catalogue-version.repository.ts).
// Correctness: the version is read BEFORE the catalogue. A write that commits in between makes
// the reply newer than its label, never older, so the next read sees a higher version and
// rebuilds; a reply is never kept under a version it does not include.
import type { CargoCatalogueReply } from '#shared/contracts/cargo';
import type { OpenedDb } from '../db/kysely.ts';
import { listCatalogue } from './cargo.repository.ts';
import { openCatalogueVersionReader } from './catalogue-version.repository.ts';

export interface CatalogueCache {
  /** The serialized `{status:'success', items}` reply of the current catalogue. */
  currentReply(): Promise<Buffer>;
  close(): void;
}

interface Built {
  version: number;
  body: Buffer;
}

export function createCatalogueCache(opened: OpenedDb): CatalogueCache {
  const db = opened.db;
  const versions = openCatalogueVersionReader(opened);
  let cached: Built | undefined;
  let building: { version: number; promise: Promise<Buffer> } | undefined;

  async function build(version: number): Promise<Buffer> {
    const reply: CargoCatalogueReply = { status: 'success', items: await listCatalogue(db) };
    const body = Buffer.from(JSON.stringify(reply));
    // A slow build of an older version must not replace a newer one.
    if (cached === undefined || cached.version <= version) cached = { version, body };
    return body;
  }

  return {
    async currentReply() {
      const version = await versions.read();
      if (cached?.version === version) return cached.body;
      if (building?.version === version) return building.promise;
      const promise = build(version).finally(() => {
        if (building?.promise === promise) building = undefined;
      });
      building = { version, promise };
      return promise;
    },
    close: () => versions.close(),
  };
}
