// server_secrets: keys the server makes once and keeps, so they survive restarts and every
// process on one database uses the same one. The first is `device-cookie`, the HMAC key of
// the sign-in device cookies (auth/device-cookie.ts). The value is a random key in base64url.
import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

export function deviceCookies(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('server_secrets').execute();
    },
  };
}
