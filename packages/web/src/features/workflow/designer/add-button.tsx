import { useRef, useState, type ReactNode } from 'react';
import { Popover } from 'antd';
import { ApartmentOutlined, AuditOutlined, PlusOutlined, SendOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useDesigner } from './designer-types';
import type { InsertAnchor, NewNodeKind } from './flow-tree';

const ITEMS: Array<{ kind: NewNodeKind; label: string; color: string; icon: ReactNode }> = [
  { kind: 'approver', label: '审批人', color: '#b35400', icon: <AuditOutlined /> },
  { kind: 'cc', label: '抄送人', color: '#0958d9', icon: <SendOutlined /> },
  { kind: 'exclusive', label: '条件分支', color: '#0b7a55', icon: <ApartmentOutlined /> },
  { kind: 'parallel', label: '并行分支', color: '#3d55d6', icon: <ShareAltOutlined /> },
];

/** The connector between two nodes, with the "+" button that adds a node there (editable diagrams only). */
export function AddButton({ anchor }: { anchor: InsertAnchor }) {
  const { actions } = useDesigner();
  const [open, setOpen] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  if (!actions) return <div className="wf-add" />;
  // opened by keyboard, the focus moves into the menu (its first kind); Escape closes it
  const menu = (
    <div className="wf-add-menu" role="group" aria-label="添加节点" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      {ITEMS.map((it, i) => (
        <button
          type="button"
          key={it.kind}
          ref={i === 0 ? first : undefined}
          className="wf-add-item"
          data-testid={`wf-add-${it.kind}`}
          onClick={() => {
            setOpen(false);
            actions.insert(anchor, it.kind);
          }}
        >
          <span className="wf-add-icon" style={{ background: it.color }}>
            {it.icon}
          </span>
          {it.label}
        </button>
      ))}
    </div>
  );
  return (
    <div className="wf-add">
      <Popover
        content={menu}
        trigger="click"
        placement="rightTop"
        open={open}
        onOpenChange={setOpen}
        afterOpenChange={(shown) => shown && first.current?.focus()}
        destroyOnHidden
      >
        <button type="button" className="wf-add-btn" aria-label="添加节点" data-testid="wf-add-btn">
          <PlusOutlined aria-hidden />
        </button>
      </Popover>
    </div>
  );
}
