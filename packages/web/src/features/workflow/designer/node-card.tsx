import type { ReactNode } from 'react';
import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { FlowNode } from '@oa/shared/workflow/definition';
import { useDesigner } from './designer-types';
import { nodeSummary } from './node-summary';

interface CardShellProps {
  id: string;
  variant: 'start' | 'approver' | 'cc' | 'condition' | 'parallel';
  title: ReactNode;
  extra?: ReactNode;
  body: ReactNode;
  placeholder?: boolean;
  removable: boolean;
  onOpen?: () => void;
  onRemove?: () => void;
  onMove?: (dir: -1 | 1) => void;
  canMove?: { left: boolean; right: boolean };
}

/** The card frame shared by chain nodes and branch heads: header, body, marks, hover actions. */
export function CardShell(p: CardShellProps) {
  const { errors, marks, notes } = useDesigner();
  const mark = marks?.[p.id];
  const body = <span className={`wf-node-text${p.placeholder ? ' wf-node-placeholder' : ''}`}>{p.body}</span>;
  const cls = ['wf-node', `wf-node-${p.variant}`, errors.has(p.id) ? 'is-error' : '', mark ? `is-${mark}` : ''].filter(Boolean).join(' ');
  return (
    <div className={cls} data-testid="wf-node" data-node-id={p.id} data-mark={mark ?? ''} onClick={p.onOpen}>
      {p.onMove && p.canMove?.left && (
        <button
          type="button"
          className="wf-node-move wf-node-move-left"
          title="优先级提前"
          aria-label="优先级提前"
          onClick={(e) => {
            e.stopPropagation();
            p.onMove?.(-1);
          }}
        >
          <LeftOutlined aria-hidden />
        </button>
      )}
      <div className="wf-node-header">
        <span className="wf-node-title">{p.title}</span>
        {p.extra}
        {p.removable && p.onRemove && (
          <button
            type="button"
            className="wf-node-close"
            aria-label="删除"
            data-testid="wf-node-remove"
            onClick={(e) => {
              e.stopPropagation();
              p.onRemove?.();
            }}
          >
            <CloseOutlined aria-hidden />
          </button>
        )}
      </div>
      {p.onOpen ? (
        // the keyboard's way in: its click (Enter, Space) reaches the card's own onClick
        <button type="button" className="wf-node-body">
          {body}
          <RightOutlined aria-hidden style={{ color: '#666', fontSize: 12 }} />
        </button>
      ) : (
        <div className="wf-node-body">{body}</div>
      )}
      {notes?.[p.id] && <div className="wf-node-note">{notes[p.id]}</div>}
      {p.onMove && p.canMove?.right && (
        <button
          type="button"
          className="wf-node-move wf-node-move-right"
          title="优先级延后"
          aria-label="优先级延后"
          onClick={(e) => {
            e.stopPropagation();
            p.onMove?.(1);
          }}
        >
          <RightOutlined aria-hidden />
        </button>
      )}
    </div>
  );
}

const PLACEHOLDER: Record<string, string> = { approver: '请设置审批人', cc: '请设置抄送人' };

/** A start / approver / CC node of the chain. */
export function NodeCard({ node }: { node: Exclude<FlowNode, { type: 'branch' } | { type: 'end' }> }) {
  const { actions, directory, formFields } = useDesigner();
  const text = nodeSummary(node, directory, formFields);
  return (
    <CardShell
      id={node.id}
      variant={node.type}
      title={node.name}
      body={text || PLACEHOLDER[node.type]}
      placeholder={!text}
      removable={node.type !== 'start'}
      onOpen={actions ? () => actions.openNode(node.id) : undefined}
      onRemove={actions ? () => actions.removeNode(node.id) : undefined}
    />
  );
}
