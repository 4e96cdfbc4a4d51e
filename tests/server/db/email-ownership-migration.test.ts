// The email-ownership migration on a database made by the migrations before it, on SQLite
// and PostgreSQL: which existing accounts count as proven (admins with an email; accounts
// whose last change was completing a reset with a mailed code) and which do not (a code that
// was only voided by a newer one, a reset followed by other changes, everyone else), and the
// codes already out keep the address they were mailed to.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import { testDialects } from '../../support/build-app.ts';
import { withEarlierSchema } from '../../support/migration-db.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes)).toISOString();

describe.each(testDialects())('email-ownership migration (%s)', (dialect) => {
  it('proves admins with an email and completed resets only; keeps codes on their address', async () => {
    await withEarlierSchema(dialect, '2026-11-25T1000-email-ownership', async (opened) => {
      const db = opened.db;

      async function user(
        name: string,
        role: 'ADMIN' | 'CLIENT',
        email: string | null,
        updatedAt: string,
      ) {
        const row = await db
          .insertInto('users')
          .values({
            username: name,
            username_key: name,
            email,
            email_key: email,
            phone: null,
            first_name: null,
            last_name: null,
            role,
            volunteer_subrole: null,
            subrole_notes: null,
            password_hash: null,
            created_at: at(0),
            updated_at: updatedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }
      async function code(userId: number, created: string, used: string | null, attempts: number) {
        await db
          .insertInto('password_reset_codes')
          .values({
            user_id: userId,
            code_hash: randomBytes(32).toString('hex'),
            attempts,
            expires_at: at(60),
            used_at: used,
            created_at: created,
          })
          .execute();
      }
      const admin = await user('admin', 'ADMIN', 'boss@example.org', at(0));
      const firstAdmin = await user('first', 'ADMIN', null, at(0));
      const reset = await user('reset', 'CLIENT', 'reset@example.org', at(10));
      await code(reset, at(5), at(10), 1); // redeemed at 10, nothing changed since
      const voided = await user('voided', 'CLIENT', 'voided@example.org', at(0));
      await code(voided, at(5), at(10), 1); // one wrong try, then a new code made at 10
      await code(voided, at(10), null, 0);
      const later = await user('later', 'CLIENT', 'later@example.org', at(30));
      await code(later, at(5), at(10), 1); // redeemed, but the account changed after
      const plain = await user('plain', 'CLIENT', 'plain@example.org', at(0));

      await migrateToLatest(opened);

      const rows = await db.selectFrom('users').select(['id', 'email_verified']).execute();
      const proven = Object.fromEntries(rows.map((r) => [r.id, r.email_verified]));
      expect(proven).toEqual({
        [admin]: 1,
        [firstAdmin]: 0,
        [reset]: 1,
        [voided]: 0,
        [later]: 0,
        [plain]: 0,
      });
      const codes = await db
        .selectFrom('password_reset_codes')
        .select(['user_id', 'purpose', 'sent_to_key'])
        .where('user_id', '=', voided)
        .execute();
      expect(codes).toEqual([
        { user_id: voided, purpose: 'RESET', sent_to_key: 'voided@example.org' },
        { user_id: voided, purpose: 'RESET', sent_to_key: 'voided@example.org' },
      ]);
    });
  });
});
