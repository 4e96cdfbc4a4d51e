// First start: when no admin exists, create one from ADMIN_USERNAME / ADMIN_PASSWORD, or with
// a generated password printed once (it is never logged or stored in clear).
import type { Db } from '../db/kysely.ts';
import type { ServerConfig } from '../config.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export async function ensureFirstAdmin(
  db: Db,
  config: Pick<ServerConfig, 'adminUsername' | 'adminPassword'>,
  print: (line: string) => void,
): Promise<void> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'ADMIN')
    .executeTakeFirst();
  if (existing !== undefined) return;
  const username = config.adminUsername ?? 'admin';
  const password = config.adminPassword ?? generatePassword();
  const now = new Date().toISOString();
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  const passwordHash = await hashPassword(password);
  if (taken !== undefined) {
    await db
      .updateTable('users')
      .set({ role: 'ADMIN', password_hash: passwordHash, updated_at: now })
      .where('id', '=', taken.id)
      .execute();
  } else {
    await db
      .insertInto('users')
      .values({
        username,
        username_key: username.toLowerCase(),
        role: 'ADMIN',
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  if (config.adminPassword === undefined) {
    print(`First admin created: username "${username}", password "${password}" (shown once).`);
  } else {
    print(`First admin created: username "${username}".`);
  }
}
