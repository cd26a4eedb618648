import { useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Space } from 'antd';
import type { Branch, BranchNode } from '@oa/shared/workflow/definition';
import { ConditionEditor } from './condition-editor';

interface BranchDrawerProps {
  target: { node: BranchNode; branch: Branch } | null;
  onSave: (branch: Branch) => void;
  onClose: () => void;
}

/** Side drawer editing one branch: its name and, for exclusive branches, its conditions. */
export function BranchDrawer({ target, onSave, onClose }: BranchDrawerProps) {
  return (
    <Drawer
      open={Boolean(target)}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={target?.node.mode === 'parallel' ? '设置并行分支' : '设置条件'}
    >
      {target && <BranchForm key={target.branch.id} node={target.node} branch={target.branch} onSave={onSave} onClose={onClose} />}
    </Drawer>
  );
}

function BranchForm({
  node,
  branch,
  onSave,
  onClose,
}: {
  node: BranchNode;
  branch: Branch;
  onSave: (b: Branch) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Branch>(branch);
  const exclusive = node.mode === 'exclusive';
  return (
    <Form layout="vertical" component="div">
      <Form.Item label="分支名称" required>
        <Input
          aria-label="分支名称"
          data-testid="wf-branch-name"
          value={draft.name}
          maxLength={50}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
      </Form.Item>
      {exclusive && (
        <Form.Item label="优先级">第 {draft.priority} 位（在节点卡片上左右移动可调整；条件同时满足时按优先级进入第一个分支）</Form.Item>
      )}
      {!exclusive && <Alert type="info" showIcon title="并行分支的所有分支同时执行，全部完成后在汇合处继续。" />}
      {exclusive && draft.isDefault && <Alert type="info" showIcon title="默认分支：以上条件都不满足时进入此分支，无需设置条件。" />}
      {exclusive && !draft.isDefault && (
        <Form.Item label="条件（须同时满足）">
          <ConditionEditor value={draft.conditions} onChange={(conditions) => setDraft({ ...draft, conditions })} />
        </Form.Item>
      )}
      <Space style={{ width: '100%', justifyContent: 'flex-end', borderTop: '1px solid #f0f0f0', paddingTop: 12, marginTop: 12 }}>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" data-testid="wf-branch-save" onClick={() => onSave({ ...draft, name: draft.name.trim() || branch.name })}>
          保存
        </Button>
      </Space>
    </Form>
  );
}
