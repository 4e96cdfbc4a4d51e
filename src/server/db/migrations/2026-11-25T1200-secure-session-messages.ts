// secure_sessions.message_count: how many encrypted messages a secure session has accepted,
// raised in the same transaction that records each message's IV. A session accepts at most
// 10,000 (beyond-spec.md "Cheap refusals"; security/secure-sessions.repository.ts).
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function secureSessionMessages(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('secure_sessions')
        .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('secure_sessions').dropColumn('message_count').execute();
    },
  };
}
