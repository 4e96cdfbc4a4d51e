// The audit_log table: appending entries (in the caller's transaction, so an entry exists
// exactly when what it describes happened) and reading them back newest first. Nothing here
// updates or deletes a row; the database refuses both anyway (migration 2026-11-25T1800).
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { AuditEntry, AuditFilter } from '#shared/contracts/audit';
import type { AuditLogTable, Database } from '../db/schema.ts';
import type { AuditRecord } from './audit.types.ts';

type AuditRow = Selectable<AuditLogTable>;
type AuditWhere = (eb: ExpressionBuilder<Database, 'audit_log'>) => ReturnType<typeof eb.and>;

export async function appendAudit(
  db: Kysely<Database>,
  at: Date,
  records: readonly AuditRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      records.map((r) => ({
        at: at.toISOString(),
        actor_id: r.actor?.userId ?? null,
        actor_username: r.actor?.username ?? null,
        action: r.action,
        target_type: r.targetType,
        target_id: r.targetId,
        details: r.details === null ? null : JSON.stringify(r.details),
      })),
    )
    .execute();
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorUsername: row.actor_username,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
  };
}

/** The filters as one WHERE; an empty filter matches everything. */
function whereOf(filter: AuditFilter, before: number | undefined): AuditWhere {
  return (eb) => {
    const parts = [];
    if (filter.actor !== undefined) {
      parts.push(
        /^\d{1,10}$/.test(filter.actor)
          ? eb('actor_id', '=', Number(filter.actor))
          : eb(sql<string>`lower(actor_username)`, '=', filter.actor.toLowerCase()),
      );
    }
    if (filter.action !== undefined) {
      parts.push(
        filter.action.endsWith('.*')
          ? eb('action', 'like', `${filter.action.slice(0, -1).replace(/[\\%_]/g, '')}%`)
          : eb('action', '=', filter.action),
      );
    }
    if (filter.from !== undefined) parts.push(eb('at', '>=', filter.from));
    if (filter.to !== undefined) parts.push(eb('at', '<=', filter.to));
    if (before !== undefined) parts.push(eb('id', '<', before));
    return eb.and(parts);
  };
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** Newest first by id (ids grow with every append); the cursor is the last id of the page. */
export async function listAuditPage(
  db: Kysely<Database>,
  filter: AuditFilter,
  page: { limit: number; before: number | undefined },
): Promise<AuditPage> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where(whereOf(filter, page.before))
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const entries = rows.slice(0, page.limit).map(entryOf);
  const last = entries.at(-1);
  const more = rows.length > page.limit && last !== undefined;
  return { entries, nextCursor: more ? String(last.id) : null };
}

/**
 * Every matching entry, newest first, read in batches so a download of the whole log never
 * holds it all in memory (the CSV streams while this reads).
 */
export async function* allAuditEntries(
  db: Kysely<Database>,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditEntry> {
  let before: number | undefined;
  for (;;) {
    const page = await listAuditPage(db, filter, { limit: batchSize, before });
    yield* page.entries;
    if (page.nextCursor === null) return;
    before = Number(page.nextCursor);
  }
}
