// feedback.account_username: the username of the account that sent a feedback message, taken
// from its login session; null for a visitor who was not signed in (beyond-spec.md
// "Feedback"). Kept apart from `name`, which a visitor may type freely, and kept when the
// account is deleted later (user_id is then set null), so the admin can still tell.
// Existing rows: user_id set means a signed-in sender, whose `name` the server took from the
// session; rows whose account was already deleted cannot be told apart and stay anonymous.
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function feedbackIdentity(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('feedback').addColumn('account_username', 'text').execute();
      await db
        .updateTable('feedback')
        .set({ account_username: sql`name` })
        .where('user_id', 'is not', null)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('feedback').dropColumn('account_username').execute();
    },
  };
}
