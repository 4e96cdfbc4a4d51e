// calendar_links (issue 19, beyond-spec.md section 3 "Calendar feed"): per volunteer, the
// generation of their calendar feed link. The link's token is derived from (user, generation)
// under the server's `calendar-feed` HMAC key (calendar/calendar-token.ts), so no token is
// kept at rest; rotating bumps the generation and every older token stops matching. No row =
// generation 0 (a link is issued without a write). The row goes with the account.
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function calendarLinks(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('calendar_links')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('generation', 'integer', (c) => c.notNull())
        .addColumn('rotated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('calendar_links').execute();
    },
  };
}
