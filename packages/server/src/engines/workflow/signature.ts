import type { Db } from '../../db/database';
import { ownFile } from '../../core/files/own-files.repository';
import { badRequest } from '../../lib/errors';

/**
 * A signature attached to an opinion is a PNG the actor drew on the signature pad and uploaded themselves
 * (kind 'signature' in the file store): never someone else's file, never another kind of upload.
 */
export async function checkSignature(db: Db, actor: string, fileId: string | undefined): Promise<void> {
  if (!fileId) return;
  const f = await ownFile(db, fileId, actor);
  if (!f || f.kind !== 'signature' || f.ext !== 'png') throw badRequest('手写签名无效，请重新签名', 'signatureFileId');
}
