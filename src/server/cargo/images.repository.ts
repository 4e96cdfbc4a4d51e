// The images table: re-encoded uploads and their thumbnails, bytes in the database (one
// backup holds everything; app processes on one PostgreSQL share them). Rows never change:
// a new image gets a new id, so replies can be cached for good.
import type { Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import type { ImageVariant, StoredImage } from './cargo.types.ts';

export async function insertImage(
  trx: Transaction<Database>,
  image: StoredImage,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('images')
    .values({
      id: image.id,
      content_type: image.contentType,
      bytes: image.bytes,
      thumb_content_type: image.thumbContentType,
      thumb_bytes: image.thumbBytes,
      width: image.width,
      height: image.height,
      created_at: now.toISOString(),
    })
    .execute();
}

export async function deleteImage(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('images').where('id', '=', id).execute();
}

/** One variant's bytes and type; only that variant's column is read. */
export async function findImageBytes(
  db: Db,
  id: string,
  variant: ImageVariant,
): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  if (variant === 'thumb') {
    const row = await db
      .selectFrom('images')
      .select(['thumb_content_type', 'thumb_bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { contentType: row.thumb_content_type, bytes: row.thumb_bytes };
  }
  const row = await db
    .selectFrom('images')
    .select(['content_type', 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { contentType: row.content_type, bytes: row.bytes };
}

export async function imageExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
