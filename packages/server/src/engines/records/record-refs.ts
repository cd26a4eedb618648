import type { AnyField } from '@oa/shared/modules/field';
import type { FieldIssue } from '@oa/shared/modules/field-schema';
import type { Db } from '../../db/database';
import { deptNames, existingFiles } from './records.repository';
import { userNames } from '../../core/identity/identity.repository';

/** Every file id a record's data names (attachments and attachment-like values). */
function fileIdsIn(data: Record<string, unknown> | null | undefined): Set<string> {
  const ids = new Set<string>();
  for (const v of Object.values(data ?? {})) {
    if (!Array.isArray(v)) continue;
    for (const a of v)
      if (a && typeof a === 'object' && typeof (a as { fileId?: unknown }).fileId === 'string') ids.add((a as { fileId: string }).fileId);
  }
  return ids;
}

/**
 * The users, departments and files a record names must exist (applications and registers alike).
 * A private file may only be attached by its owner, or kept where the record already had it, so that
 * nobody gains read access to another person's upload by naming its id in their own record.
 */
export async function referenceIssues(
  db: Db,
  fields: Array<[string, AnyField]>,
  data: Record<string, unknown>,
  who: { userCode: string; before?: Record<string, unknown> | null },
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const kept = fileIdsIn(who.before);
  for (const [name, f] of fields) {
    const v = data[name];
    if (f.kind === 'user' && v) {
      const codes = Array.isArray(v) ? (v as string[]) : [String(v)];
      const known = await userNames(db, codes);
      if (codes.some((c) => !known.has(c))) issues.push({ field: name, message: `${f.label}中有不存在的人员` });
    } else if (f.kind === 'dept' && v) {
      if (!(await deptNames(db, [String(v)])).has(String(v))) issues.push({ field: name, message: `${f.label}不存在` });
    } else if (f.kind === 'attachments' && Array.isArray(v) && v.length) {
      const ids = (v as Array<{ fileId: string }>).map((a) => a.fileId);
      const known = await existingFiles(db, ids);
      if (ids.some((id) => !known.has(id))) issues.push({ field: name, message: `${f.label}中有文件不存在或已删除，请重新上传` });
      else if (ids.some((id) => known.get(id)!.scope === 'private' && known.get(id)!.owner !== who.userCode && !kept.has(id))) {
        issues.push({ field: name, message: `${f.label}中有他人上传的文件，请重新上传` });
      }
    }
  }
  return issues;
}
