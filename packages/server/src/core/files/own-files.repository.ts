import type { Db } from '../../db/database';
import { IMAGE_EXTENSIONS } from './file-types';

/** Of the files named, those the user uploaded and has not deleted (what a user may attach anywhere). */
export async function ownFileIds(db: Db, ids: readonly string[], owner: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sys_file')
    .select('id')
    .where('id', 'in', [...ids])
    .where('owner', '=', owner)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** One file the user uploaded and has not deleted, or undefined (an avatar, a voucher, a report attachment). */
export async function ownFile(db: Db, id: string, owner: string) {
  return db
    .selectFrom('sys_file')
    .select(['id', 'ext', 'kind', 'original_name'])
    .where('id', '=', id)
    .where('owner', '=', owner)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Of the files named, those that are live images (png, jpg, gif, webp): covers, photos. */
export async function imageFileIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sys_file')
    .select('id')
    .where('id', 'in', [...ids])
    .where('ext', 'in', [...IMAGE_EXTENSIONS])
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}
