import type { FlowNode } from '@oa/shared/workflow/definition';
import { AddButton } from './add-button';
import { BranchBlock } from './branch-block';
import { NodeCard } from './node-card';

/** A chain of nodes drawn top to bottom: each node, then the connector (with "+") to the next. */
export function FlowChain({ node }: { node: FlowNode | null }) {
  const items = [];
  for (let n = node; n; n = n.childNode) {
    if (n.type === 'end') break;
    if (n.type === 'branch') items.push(<BranchBlock key={n.id} node={n} />);
    else {
      items.push(<NodeCard key={n.id} node={n} />);
      items.push(<AddButton key={`${n.id}-add`} anchor={{ kind: 'node', nodeId: n.id }} />);
    }
  }
  return <div className="wf-chain">{items}</div>;
}
