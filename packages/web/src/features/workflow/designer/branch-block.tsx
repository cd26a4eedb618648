import type { Branch, BranchNode } from '@oa/shared/workflow/definition';
import { AddButton } from './add-button';
import { CardShell } from './node-card';
import { FlowChain } from './flow-chain';
import { useDesigner } from './designer-types';
import { canMoveBranch } from './flow-tree';
import { conditionText } from './node-summary';

function BranchHead({ node, branch, index }: { node: BranchNode; branch: Branch; index: number }) {
  const { actions, conditionFields, directory } = useDesigner();
  const exclusive = node.mode === 'exclusive';
  let body: string;
  let placeholder = false;
  if (!exclusive) body = '并行执行';
  else if (branch.isDefault) body = '未满足其他条件时进入此分支';
  else if (branch.conditions.length === 0) {
    body = '请设置条件';
    placeholder = true;
  } else body = branch.conditions.map((c) => conditionText(c, conditionFields, directory)).join('，且 ');
  return (
    <CardShell
      id={branch.id}
      variant={exclusive ? 'condition' : 'parallel'}
      title={branch.name}
      extra={exclusive ? <span className="wf-node-priority">优先级{branch.priority}</span> : undefined}
      body={body}
      placeholder={placeholder}
      removable
      onOpen={actions ? () => actions.openBranch(node.id, branch.id) : undefined}
      onRemove={actions ? () => actions.removeBranch(node.id, branch.id) : undefined}
      onMove={actions ? (dir) => actions.moveBranch(node.id, branch.id, dir) : undefined}
      canMove={{ left: canMoveBranch(node, index, -1), right: canMoveBranch(node, index, 1) }}
    />
  );
}

/** A condition / parallel branch node: the branches side by side, each with its own chain, rejoining below. */
export function BranchBlock({ node }: { node: BranchNode }) {
  const { actions, errors, marks } = useDesigner();
  const last = node.branches.length - 1;
  const label = node.mode === 'exclusive' ? '添加条件' : '添加分支';
  return (
    <div className="wf-branch" data-testid="wf-branch" data-node-id={node.id}>
      <div className="wf-branch-box" style={errors.has(node.id) ? { borderColor: '#ff4d4f' } : undefined}>
        {actions ? (
          <button type="button" className="wf-branch-add" data-testid="wf-branch-add" onClick={() => actions.addBranch(node.id)}>
            {label}
          </button>
        ) : (
          <span className="wf-branch-tag" data-mark={marks?.[node.id] ?? ''}>
            {node.mode === 'exclusive' ? '条件分支' : '并行分支'}
          </span>
        )}
        {node.branches.map((b, i) => (
          <div className="wf-branch-col" key={b.id}>
            {i === 0 && (
              <>
                <span className="wf-cover wf-cover-tl" />
                <span className="wf-cover wf-cover-bl" />
              </>
            )}
            {i === last && (
              <>
                <span className="wf-cover wf-cover-tr" />
                <span className="wf-cover wf-cover-br" />
              </>
            )}
            <BranchHead node={node} branch={b} index={i} />
            <AddButton anchor={{ kind: 'branch', branchNodeId: node.id, branchId: b.id }} />
            <FlowChain node={b.childNode} />
          </div>
        ))}
      </div>
      <AddButton anchor={{ kind: 'node', nodeId: node.id }} />
    </div>
  );
}
