import type { FunctionItem } from '@oa/shared/contract/auth';
import type { FunctionSortBody } from '@oa/shared/contract/admin-roles';

/**
 * Where a dragged function lands: into `target` (first child) or before / after it among its siblings.
 * Returns the new parent and the complete, ordered list of its children.
 */
export function dropPlan(
  functions: FunctionItem[],
  dragged: string,
  target: string,
  where: 'into' | 'before' | 'after',
): FunctionSortBody | null {
  if (dragged === target) return null;
  const t = functions.find((f) => f.funCode === target);
  if (!t) return null;
  const parentCode = where === 'into' ? t.funCode : t.parentCode;
  const siblings = functions
    .filter((f) => f.parentCode === parentCode && f.funCode !== dragged)
    .sort((a, b) => a.sortNo - b.sortNo)
    .map((f) => f.funCode);
  const at = where === 'into' ? 0 : siblings.indexOf(target) + (where === 'after' ? 1 : 0);
  siblings.splice(at, 0, dragged);
  return { parentCode, funCodes: siblings };
}
