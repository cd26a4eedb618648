import { useState } from 'react';
import { Button, Drawer, Input, Space, Tabs } from 'antd';
import type { FlowNode } from '@oa/shared/workflow/definition';
import { ApproverRulesEditor } from './approver-rules-editor';
import { AssigneeEditor } from './assignee-editor';
import { FieldPermissionEditor } from './field-permission-editor';
import { NODE_TYPE_LABEL } from './node-summary';

type EditableNode = Extract<FlowNode, { type: 'start' | 'approver' | 'cc' }>;

interface NodeDrawerProps {
  node: EditableNode | null;
  onSave: (node: EditableNode) => void;
  onClose: () => void;
}

/** Side drawer editing one node; changes apply on 保存. Keyed by node id so each opening starts from the node. */
export function NodeDrawer({ node, onSave, onClose }: NodeDrawerProps) {
  return (
    <Drawer
      open={Boolean(node)}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={node ? `设置${NODE_TYPE_LABEL[node.type]}` : ''}
      closable
    >
      {node && <NodeForm key={node.id} node={node} onSave={onSave} onClose={onClose} />}
    </Drawer>
  );
}

function NodeForm({ node, onSave, onClose }: { node: EditableNode; onSave: (n: EditableNode) => void; onClose: () => void }) {
  const [draft, setDraft] = useState<EditableNode>(node);
  const tabs = [];
  if (draft.type === 'approver') {
    const d = draft;
    tabs.push(
      {
        key: 'assignee',
        label: '审批人',
        children: (
          <AssigneeEditor
            role="approver"
            value={d.settings.assignee}
            onChange={(assignee) => setDraft({ ...d, settings: { ...d.settings, assignee } })}
          />
        ),
      },
      {
        key: 'rules',
        label: '审批规则',
        children: <ApproverRulesEditor value={d.settings} onChange={(settings) => setDraft({ ...d, settings })} />,
      },
      {
        key: 'fields',
        label: '表单权限',
        children: (
          <FieldPermissionEditor
            defaultPermission="read"
            value={d.settings.fieldPermissions}
            onChange={(fieldPermissions) => setDraft({ ...d, settings: { ...d.settings, fieldPermissions } })}
          />
        ),
      },
    );
  } else if (draft.type === 'cc') {
    const d = draft;
    tabs.push(
      {
        key: 'assignee',
        label: '抄送人',
        children: (
          <AssigneeEditor
            role="cc"
            value={d.settings.assignee}
            onChange={(assignee) => setDraft({ ...d, settings: { ...d.settings, assignee } })}
          />
        ),
      },
      {
        key: 'fields',
        label: '表单权限',
        children: (
          <FieldPermissionEditor
            defaultPermission="read"
            value={d.settings.fieldPermissions}
            onChange={(fieldPermissions) => setDraft({ ...d, settings: { ...d.settings, fieldPermissions } })}
          />
        ),
      },
    );
  } else {
    const d = draft;
    tabs.push({
      key: 'fields',
      label: '发起人表单权限',
      children: (
        <FieldPermissionEditor
          defaultPermission="edit"
          value={d.settings.fieldPermissions}
          onChange={(fieldPermissions) => setDraft({ ...d, settings: { fieldPermissions } })}
        />
      ),
    });
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Space.Compact style={{ marginBottom: 8 }}>
        <Space.Addon>节点名称</Space.Addon>
        <Input
          data-testid="wf-node-name"
          value={draft.name}
          maxLength={50}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          disabled={draft.type === 'start'}
        />
      </Space.Compact>
      <Tabs items={tabs} style={{ flex: 1 }} />
      <Space style={{ justifyContent: 'flex-end', borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
        <Button onClick={onClose}>取消</Button>
        <Button
          type="primary"
          data-testid="wf-node-save"
          onClick={() => onSave({ ...draft, name: draft.name.trim() || node.name } as EditableNode)}
        >
          保存
        </Button>
      </Space>
    </div>
  );
}
