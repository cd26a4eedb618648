import type { AppContext } from '../../core/context';
import type { FileGrant } from '../../core/files/file-store';
import { viewerOf } from '../../core/identity/account-viewer';
import { findSubject, subjectOfFile } from './subjects.repository';
import { mayReadSubject } from './subjects.service';

/**
 * Applicants' reports and ledger vouchers are private uploads: whoever may read the subject (mayReadSubject,
 * the detail's rule) reads the files attached to it (re-checked on every download by core/file-store).
 */
export function subjectFileGrant(ctx: AppContext): FileGrant {
  return async (db, file, userCode, viewer) => {
    const subjectId = await subjectOfFile(db, file.id);
    const subject = subjectId ? await findSubject(db, subjectId) : undefined;
    if (!subject) return false;
    const account = await viewerOf(db, userCode);
    return !!account && (await mayReadSubject(ctx, { ...account, isApplicant: viewer.isApplicant }, subject));
  };
}
