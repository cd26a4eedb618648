import { createContext, useContext, type ReactNode } from 'react';
import type { InsertAnchor, NewNodeKind } from './flow-tree';

/** A form field a branch condition can test (from the bound module's conditionFieldsOf). */
export interface ConditionField {
  field: string;
  label: string;
  kind: 'number' | 'date' | 'select' | 'user' | 'dept';
  options?: Array<{ label: string; value: string }>;
}

/** A form field a node can grant read / edit / hidden on. */
export interface FormFieldRef {
  field: string;
  label: string;
  /** user fields can name the approver (assignee kind 'formUser') */
  isUser?: boolean;
}

/** People, roles and departments the pickers offer and the summaries name. */
export interface DesignerDirectory {
  users: Array<{ userCode: string; userName: string; deptName?: string | null }>;
  roles: Array<{ roleCode: string; roleName: string }>;
  depts: Array<{ deptCode: string; deptName: string; parentCode: string | null }>;
}

export const EMPTY_DIRECTORY: DesignerDirectory = { users: [], roles: [], depts: [] };

/** How the read-only renderer marks a node or branch: simulation route, instance progress, validation. */
export type NodeMark = 'visited' | 'skipped' | 'current';

export interface DesignerActions {
  insert: (anchor: InsertAnchor, kind: NewNodeKind) => void;
  removeNode: (id: string) => void;
  openNode: (id: string) => void;
  addBranch: (branchNodeId: string) => void;
  removeBranch: (branchNodeId: string, branchId: string) => void;
  moveBranch: (branchNodeId: string, branchId: string, dir: -1 | 1) => void;
  openBranch: (branchNodeId: string, branchId: string) => void;
}

export interface DesignerView {
  directory: DesignerDirectory;
  conditionFields: ConditionField[];
  formFields: FormFieldRef[];
  /** ids of nodes / branches with validation problems (outlined in red) */
  errors: ReadonlySet<string>;
  /** route marks by node or branch id (read-only views) */
  marks?: Readonly<Record<string, NodeMark>>;
  /** extra lines under a node (e.g. who would approve, and why) */
  notes?: Readonly<Record<string, ReactNode>>;
  /** null: read-only diagram */
  actions: DesignerActions | null;
}

export const DesignerContext = createContext<DesignerView>({
  directory: EMPTY_DIRECTORY,
  conditionFields: [],
  formFields: [],
  errors: new Set(),
  actions: null,
});

export const useDesigner = (): DesignerView => useContext(DesignerContext);
