// audit_log (beyond-spec.md section 2 "Audit log"): one row per look at clients' personal data
// and per admin action. Append-only: triggers refuse UPDATE and DELETE on both dialects, so not
// even a bug in our own code (or a later "cleanup") can rewrite history. actor_id is a plain
// number, not a foreign key, and actor_username a copy taken at the time: the entry outlives the
// account that made it.
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

const REFUSAL = 'audit_log is append-only';

async function addAppendOnlyGuards(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'sqlite') {
    for (const event of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger audit_log_no_${event} before ${event} on audit_log ` +
            `begin select raise(abort, '${REFUSAL}'); end`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `create function audit_log_append_only() returns trigger language plpgsql as $$
       begin raise exception '${REFUSAL}'; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger audit_log_append_only before update or delete on audit_log ' +
        'for each row execute function audit_log_append_only()',
    )
    .execute(db);
}

export function auditLog(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await t
        .addId(db.schema.createTable('audit_log'))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_username', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text')
        .addColumn('target_id', 'integer')
        .addColumn('details', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
      await db.schema
        .createIndex('audit_log_actor')
        .on('audit_log')
        .columns(['actor_id', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_action')
        .on('audit_log')
        .columns(['action', 'id'])
        .execute();
      await addAppendOnlyGuards(db, t);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('audit_log').execute();
      if (t.dialect === 'postgres') await sql`drop function audit_log_append_only()`.execute(db);
    },
  };
}
