import { useMemo, useState } from 'react';
import type { Branch, FlowNode, StartNode } from '@oa/shared/workflow/definition';
import { confirmDialog, isCancelled } from '../../../lib/confirm-dialog';
import { BranchDrawer } from './branch-drawer';
import {
  DesignerContext,
  type ConditionField,
  type DesignerActions,
  type DesignerDirectory,
  type DesignerView,
  type FormFieldRef,
} from './designer-types';
import { FlowCanvas } from './flow-canvas';
import * as tree from './flow-tree';
import { NodeDrawer } from './node-drawer';

type EditableNode = Extract<FlowNode, { type: 'start' | 'approver' | 'cc' }>;

interface FlowDesignerProps {
  root: StartNode;
  onChange: (root: StartNode) => void;
  directory: DesignerDirectory;
  conditionFields: ConditionField[];
  formFields: FormFieldRef[];
  /** node / branch ids to outline in red */
  errors: ReadonlySet<string>;
}

/** The editable diagram with its node and branch drawers. */
export function FlowDesigner({ root, onChange, directory, conditionFields, formFields, errors }: FlowDesignerProps) {
  const [openNodeId, setOpenNodeId] = useState<string | null>(null);
  const [openBranch, setOpenBranch] = useState<{ nodeId: string; branchId: string } | null>(null);

  const actions = useMemo<DesignerActions>(() => {
    const ask = async (text: string, run: () => void) => {
      try {
        await confirmDialog(text, { danger: true });
        run();
      } catch (err) {
        if (!isCancelled(err)) throw err;
      }
    };
    return {
      insert: (anchor, kind) => {
        const node = tree.createNode(kind);
        onChange(tree.insertNode(root, anchor, node));
        if (node.type === 'approver' || node.type === 'cc') setOpenNodeId(node.id);
      },
      removeNode: (id) => {
        const n = tree.findNode(root, id);
        if (!n) return;
        if (n.type === 'branch') void ask(`删除「${n.name}」及其全部分支中的节点？`, () => onChange(tree.removeNode(root, id)));
        else onChange(tree.removeNode(root, id));
      },
      openNode: (id) => setOpenNodeId(id),
      addBranch: (id) => onChange(tree.addBranch(root, id)),
      removeBranch: (nodeId, branchId) => {
        const found = tree.findBranch(root, nodeId, branchId);
        if (!found) return;
        const text =
          found.node.branches.length <= 2
            ? `删除「${found.branch.name}」？只剩一个分支时，分支结构将被移除，保留另一分支中的节点。`
            : `删除「${found.branch.name}」及其中的节点？`;
        void ask(text, () => onChange(tree.removeBranch(root, nodeId, branchId)));
      },
      moveBranch: (nodeId, branchId, dir) => onChange(tree.moveBranch(root, nodeId, branchId, dir)),
      openBranch: (nodeId, branchId) => setOpenBranch({ nodeId, branchId }),
    };
  }, [root, onChange]);

  const found = openNodeId ? tree.findNode(root, openNodeId) : null;
  const editing = found && found.type !== 'branch' && found.type !== 'end' ? (found as EditableNode) : null;
  const branchTarget = openBranch ? tree.findBranch(root, openBranch.nodeId, openBranch.branchId) : null;

  const view: DesignerView = { directory, conditionFields, formFields, errors, actions };
  return (
    <DesignerContext.Provider value={view}>
      <FlowCanvas root={root} view={view} style={{ minHeight: 'calc(100vh - 260px)' }} />
      <NodeDrawer
        node={editing}
        onClose={() => setOpenNodeId(null)}
        onSave={(n) => {
          onChange(tree.updateNode(root, n.id, () => n));
          setOpenNodeId(null);
        }}
      />
      <BranchDrawer
        target={branchTarget}
        onClose={() => setOpenBranch(null)}
        onSave={(b: Branch) => {
          if (openBranch) onChange(tree.updateBranch(root, openBranch.nodeId, openBranch.branchId, () => b));
          setOpenBranch(null);
        }}
      />
    </DesignerContext.Provider>
  );
}
