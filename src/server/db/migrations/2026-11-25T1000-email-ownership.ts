// Email ownership (beyond-spec.md section 1; issue 14 item 1).
// - users.email_verified (0/1): the CURRENT email was proven by a mailed code. Any change of
//   the email sets it back to 0.
// - password_reset_codes becomes the one mailed-code mechanism: `purpose` says why a code was
//   sent (RESET, VERIFY, WELCOME, APPROVAL: only for the per-account send limit and the logs;
//   every purpose proves the email wherever it is entered), `sent_to_key` is the lower-cased
//   address it went to, so a code never proves an address it was not sent to.
// - volunteer_applications.promote_on_reset_user_id: an approval whose email matched an
//   account that had not proven it; that account becomes VOLUNTEER when a mailed code is used
//   on /reset_password while its email is still the application's.
//
// Existing accounts (decided here, once):
// - ADMIN accounts with an email count as proven: the operator's own accounts (the first
//   admin is made at first start from the environment, without an email; an admin's email was
//   set by an admin), and an approval never touches an admin anyway.
// - An account that completed a reset with a mailed code, with nothing changed on it since
//   (users.updated_at not after the code's use), proved the email it has now. A redeemed
//   code is told from one voided by a newer code by its tries (> 0) and by no newer code of
//   the user having been made at the instant it was marked used.
// - Every other account is unproven: before this change nothing checked who typed an email
//   at registration (issue 14 item 1). Unproven accounts keep working; they are not promoted
//   by an approval until their owner proves the email.
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function emailOwnership(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('password_reset_codes')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('RESET'))
        .execute();
      await db.schema.alterTable('password_reset_codes').addColumn('sent_to_key', 'text').execute();
      await db.schema
        .alterTable('volunteer_applications')
        .addColumn('promote_on_reset_user_id', 'integer', (c) =>
          c.references('users.id').onDelete('set null'),
        )
        .execute();
      await db.schema
        .createIndex('volunteer_applications_promote_on_reset')
        .on('volunteer_applications')
        .column('promote_on_reset_user_id')
        .execute();
      await db.schema
        .createIndex('password_reset_codes_user_created')
        .on('password_reset_codes')
        .columns(['user_id', 'created_at'])
        .execute();
      // Codes already out were sent to the user's email as it is now.
      await sql`
        update password_reset_codes set sent_to_key =
          (select u.email_key from users u where u.id = password_reset_codes.user_id)
      `.execute(db);
      await sql`
        update users set email_verified = 1
        where email is not null and (
          role = 'ADMIN' or exists (
            select 1 from password_reset_codes c
            where c.user_id = users.id and c.used_at is not null and c.attempts > 0
              and c.used_at >= users.updated_at
              and not exists (
                select 1 from password_reset_codes n
                where n.user_id = c.user_id and n.id > c.id and n.created_at = c.used_at
              )
          )
        )
      `.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('password_reset_codes_user_created').execute();
      await db.schema.dropIndex('volunteer_applications_promote_on_reset').execute();
      await db.schema
        .alterTable('volunteer_applications')
        .dropColumn('promote_on_reset_user_id')
        .execute();
      await db.schema.alterTable('password_reset_codes').dropColumn('sent_to_key').execute();
      await db.schema.alterTable('password_reset_codes').dropColumn('purpose').execute();
      await db.schema.alterTable('users').dropColumn('email_verified').execute();
    },
  };
}
