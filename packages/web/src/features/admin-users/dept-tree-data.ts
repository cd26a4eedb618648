import type { AdminDept } from '@oa/shared/contract/admin';
import { buildTree, type TreeNode } from '@oa/shared/format/tree';

interface DeptTreeOption {
  title: string;
  value: string;
  key: string;
  children: DeptTreeOption[];
}

const toOption = (n: TreeNode<AdminDept>): DeptTreeOption => ({
  title: n.deptName,
  value: n.deptCode,
  key: n.deptCode,
  children: n.children.map(toOption),
});

/** Departments as antd Tree / TreeSelect data (sorted by sortNo as the server lists them). */
export function deptTreeData(depts: AdminDept[]): DeptTreeOption[] {
  return buildTree(depts, { id: 'deptCode', parentId: 'parentCode' }).map(toOption);
}
