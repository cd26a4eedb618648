import type { AnyField } from '@oa/shared/modules/field';
import type { FieldIssue } from '@oa/shared/modules/field-schema';
import type { Db } from '../../db/database';
import { deptNames, existingFiles, userNames } from './records.repository';

/** The users, departments and files a record names must exist (applications and registers alike). */
export async function referenceIssues(db: Db, fields: Array<[string, AnyField]>, data: Record<string, unknown>): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
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
    }
  }
  return issues;
}
