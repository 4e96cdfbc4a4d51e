// The whole schema of the spec's entities. Foreign keys: deleting a user keeps their orders,
// feedback and rounds for the record (SET NULL) and removes what only served the login.
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time: they
   must not follow later changes of the table types, so they use Kysely<any>. */

async function createPeople(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await t
    .addId(db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('email_key', 'text', (c) => c.unique())
    .addColumn('phone', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('volunteer_subrole', 'text')
    .addColumn('subrole_notes', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();

  await db.schema
    .createTable('login_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_sessions_user')
    .on('login_sessions')
    .column('user_id')
    .execute();

  await t
    .addId(db.schema.createTable('password_reset_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_codes_user')
    .on('password_reset_codes')
    .column('user_id')
    .execute();
}

async function createSecurity(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('secure_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('server_private_key', 'text')
    .addColumn('aes_key', 'text')
    .addColumn('login_session_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('secure_sessions_expires')
    .on('secure_sessions')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('secure_session_ivs')
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('secure_sessions.id').onDelete('cascade'),
    )
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('secure_session_ivs_pk', ['session_id', 'iv'])
    .execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('reply_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

async function createCargo(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', t.blob, (c) => c.notNull())
    .addColumn('thumb_content_type', 'text', (c) => c.notNull())
    .addColumn('thumb_bytes', t.blob, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await t
    .addId(db.schema.createTable('cargo_items'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('image_id', 'text', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cargo_items_name_key')
    .on('cargo_items')
    .column('name_key')
    .execute();
  await db.schema
    .createTable('cargo_item_sizes')
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('cargo_items.id').onDelete('cascade'),
    )
    .addColumn('size_label', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addPrimaryKeyConstraint('cargo_item_sizes_pk', ['item_id', 'size_label'])
    .execute();
}

async function createRounds(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await t
    .addId(db.schema.createTable('rounds'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('max_participants', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('team_lead_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('clinician_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rounds_start_time').on('rounds').column('start_time').execute();
  await t
    .addId(db.schema.createTable('round_signups'))
    .addColumn('round_id', 'integer', (c) =>
      c.notNull().references('rounds.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('round_signups_one_per_volunteer', ['round_id', 'user_id'])
    .execute();
  await db.schema.createIndex('round_signups_user').on('round_signups').column('user_id').execute();
}

async function createOrders(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await t
    .addId(db.schema.createTable('orders'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('delivery_address', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('notes', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text')
    .addColumn('latitude', t.real)
    .addColumn('longitude', t.real)
    .addColumn('round_id', 'integer', (c) => c.references('rounds.id').onDelete('set null'))
    .addColumn('request_time', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_round').on('orders').column('round_id').execute();
  await db.schema
    .createIndex('orders_status_time')
    .on('orders')
    .columns(['status', 'request_time'])
    .execute();
  await t
    .addId(db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('cargo_item_id', 'integer', (c) =>
      c.references('cargo_items.id').onDelete('set null'),
    )
    .addColumn('size_label', 'text')
    .addColumn('is_custom', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
}

async function createPublicForms(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await t
    .addId(db.schema.createTable('volunteer_applications'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('submission_date', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('volunteer_applications_status')
    .on('volunteer_applications')
    .column('status')
    .execute();
  await t
    .addId(db.schema.createTable('feedback'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text')
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export function initialSchema(t: ColumnTypes) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await createPeople(db, t);
      await createSecurity(db);
      await createCargo(db, t);
      await createRounds(db, t);
      await createOrders(db, t);
      await createPublicForms(db, t);
    },
    async down(db: Kysely<any>): Promise<void> {
      const tables = [
        'feedback',
        'volunteer_applications',
        'order_items',
        'orders',
        'round_signups',
        'rounds',
        'cargo_item_sizes',
        'cargo_items',
        'images',
        'idempotency_keys',
        'secure_session_ivs',
        'secure_sessions',
        'password_reset_codes',
        'login_sessions',
        'users',
      ];
      for (const table of tables) await db.schema.dropTable(table).execute();
    },
  };
}
