// The applicant's language (issue 21): `volunteer_applications.language` is the language the
// application was sent in ("en" or "es": its request's Accept-Language, else the signed-in
// account's choice), null when the request stated none (and for every application sent before
// this column). Approving an application that creates the account mails the new volunteer in
// it; an existing account's own choice still comes first.
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function applicationLanguage(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('volunteer_applications').addColumn('language', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('volunteer_applications').dropColumn('language').execute();
    },
  };
}
