import { useState } from 'react';
import { Modal, TreeSelect } from 'antd';
import type { AdminDept } from '@oa/shared/contract/admin';
import { deptTreeData } from './dept-tree-data';

interface Props {
  open: boolean;
  count: number;
  depts: AdminDept[];
  onCancel: () => void;
  onSubmit: (deptCode: string) => Promise<void>;
}

/** Moves the selected users to another department. */
export function MoveDeptModal({ open, count, depts, onCancel, onSubmit }: Props) {
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={`调整部门（已选 ${count} 人）`}
      open={open}
      onCancel={onCancel}
      okButtonProps={{ disabled: !target }}
      confirmLoading={busy}
      destroyOnHidden
      onOk={async () => {
        if (!target) return;
        setBusy(true);
        try {
          await onSubmit(target);
          setTarget(null);
        } finally {
          setBusy(false);
        }
      }}
    >
      <TreeSelect
        style={{ width: '100%' }}
        treeData={deptTreeData(depts)}
        treeDefaultExpandAll
        placeholder="选择目标部门"
        aria-label="选择目标部门"
        value={target}
        onChange={setTarget}
      />
    </Modal>
  );
}
