// Rows the admin screens act on, straight into the e2e server's database (the factories in
// tests/support cover users, items, rounds, sign-ups and orders).
import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/kysely';

export async function anApplication(
  db: Db,
  overrides: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ id: number; email: string }> {
  const email = overrides.email ?? `applicant${randomBytes(4).toString('hex')}@example.org`;
  const row = await db
    .insertInto('volunteer_applications')
    .values({
      first_name: overrides.firstName ?? 'Robin',
      last_name: overrides.lastName ?? 'Applicant',
      email,
      phone: '555 010 2000',
      notes: 'Weekends, first-aid certified',
      status: 'PENDING',
      submission_date: new Date().toISOString(),
      decided_at: null,
      decided_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

/** `account`: the username of the signed-in account that sent it (null: a visitor). */
export async function aFeedback(
  db: Db,
  content: string,
  name: string | null = 'visitor',
  account: string | null = null,
) {
  await db
    .insertInto('feedback')
    .values({
      user_id: null,
      name,
      account_username: account,
      phone_number: '5550003333',
      content,
      created_at: new Date().toISOString(),
    })
    .execute();
}
