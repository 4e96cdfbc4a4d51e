// The volunteer_applications table, as far as applying goes (the admin review of
// applications has its own module).
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Language } from '#shared/i18n/languages';

export interface NewApplication {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string | null;
  submissionDate: Date;
  /** The language it was sent in, null when its request stated none. */
  language: Language | null;
}

export async function hasPendingApplication(
  trx: Transaction<Database>,
  email: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('volunteer_applications')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertApplication(
  trx: Transaction<Database>,
  application: NewApplication,
): Promise<number> {
  const row = await trx
    .insertInto('volunteer_applications')
    .values({
      first_name: application.firstName,
      last_name: application.lastName,
      email: application.email,
      phone: application.phone,
      notes: application.notes,
      status: 'PENDING',
      submission_date: application.submissionDate.toISOString(),
      decided_at: null,
      decided_by: null,
      language: application.language,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
