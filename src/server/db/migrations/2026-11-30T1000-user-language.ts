// The account's language (issue 21, beyond-spec.md section 4): `users.language` is "en" or
// "es" once the person chose one (the header's menu, sent by PUT /api/auth/update/language),
// null while they never did. Mail and push to the account are worded in it (null: English).
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function userLanguage(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('language', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('users').dropColumn('language').execute();
    },
  };
}
