import { useState, type ReactNode } from 'react';
import { Popover } from 'antd';
import { ApartmentOutlined, AuditOutlined, PlusOutlined, SendOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useDesigner } from './designer-types';
import type { InsertAnchor, NewNodeKind } from './flow-tree';

const ITEMS: Array<{ kind: NewNodeKind; label: string; color: string; icon: ReactNode }> = [
  { kind: 'approver', label: '审批人', color: '#ff943e', icon: <AuditOutlined /> },
  { kind: 'cc', label: '抄送人', color: '#3296fa', icon: <SendOutlined /> },
  { kind: 'exclusive', label: '条件分支', color: '#15bc83', icon: <ApartmentOutlined /> },
  { kind: 'parallel', label: '并行分支', color: '#718dff', icon: <ShareAltOutlined /> },
];

/** The connector between two nodes, with the "+" button that adds a node there (editable diagrams only). */
export function AddButton({ anchor }: { anchor: InsertAnchor }) {
  const { actions } = useDesigner();
  const [open, setOpen] = useState(false);
  if (!actions) return <div className="wf-add" />;
  const menu = (
    <div className="wf-add-menu">
      {ITEMS.map((it) => (
        <div
          key={it.kind}
          role="button"
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
        </div>
      ))}
    </div>
  );
  return (
    <div className="wf-add">
      <Popover content={menu} trigger="click" placement="rightTop" open={open} onOpenChange={setOpen} destroyOnHidden>
        <button type="button" className="wf-add-btn" aria-label="添加节点" data-testid="wf-add-btn">
          <PlusOutlined />
        </button>
      </Popover>
    </div>
  );
}
