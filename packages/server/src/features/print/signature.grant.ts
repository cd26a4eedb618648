import type { AppContext } from '../../core/context';
import type { FileGrant } from '../../core/files/file-store';
import { lifecycleOf } from '../../core/ports/workflow-port';
import { recordsSignedWith } from '../../core/ports/process-participation.repository';

/** A handwritten signature (kind 'signature') may be read by the readers of a record whose trail carries it. */
export function signatureGrant(ctx: AppContext): FileGrant {
  return async (db, file, userCode) => {
    if (file.kind !== 'signature') return false;
    for (const r of await recordsSignedWith(db, file.id)) {
      const read = lifecycleOf(ctx, r.module_code).canRead;
      if (read && (await read(db, { moduleCode: r.module_code, recordId: r.record_id, userCode }))) return true;
    }
    return false;
  };
}
