import { useEffect, useState } from 'react';
import { Button, Drawer, Input, Space, Spin, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminRole } from '@oa/shared/contract/admin-roles';
import type { RolesApi } from './roles.api';
import { funTree, toggleCheck } from './fun-tree-check';

interface Props {
  role: AdminRole | null;
  api: RolesApi;
  canEdit: boolean;
  onClose: () => void;
  onSave: (roleCode: string, funCodes: string[]) => Promise<void>;
}

/** The checkable function tree of a role. */
export function RoleFunsDrawer({ role, api, canEdit, onClose, onSave }: Props) {
  const tree = useQuery({
    queryKey: ['admin', 'roleFuns', role?.roleCode, api],
    queryFn: () => api.funTree(role!.roleCode),
    enabled: !!role,
    staleTime: 0,
  });
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (tree.data) setChecked(new Set(tree.data.checked));
  }, [tree.data]);
  const functions = tree.data?.functions ?? [];
  const shown = filter ? functions.filter((f) => f.funName.includes(filter) || f.funCode.includes(filter)) : functions;
  return (
    <Drawer
      title={`功能授权：${role?.roleName ?? ''}`}
      open={!!role}
      onClose={onClose}
      size={480}
      destroyOnHidden
      extra={
        canEdit && (
          <Space>
            <Button onClick={() => setChecked(new Set(functions.map((f) => f.funCode)))}>全选</Button>
            <Button onClick={() => setChecked(new Set())}>清空</Button>
            <Button
              type="primary"
              loading={saving}
              onClick={async () => {
                setSaving(true);
                try {
                  await onSave(role!.roleCode, [...checked]);
                } finally {
                  setSaving(false);
                }
              }}
            >
              保存
            </Button>
          </Space>
        )
      }
    >
      <Input.Search
        allowClear
        placeholder="按名称或编码筛选"
        aria-label="按名称或编码筛选"
        style={{ marginBottom: 8 }}
        onSearch={setFilter}
      />
      {tree.isLoading ? (
        <Spin />
      ) : (
        <Tree
          checkable
          checkStrictly
          selectable={false}
          disabled={!canEdit}
          defaultExpandAll={!!filter}
          key={filter}
          treeData={funTree(shown)}
          checkedKeys={{ checked: [...checked], halfChecked: [] }}
          onCheck={(_keys, info) => setChecked((c) => toggleCheck(functions, c, String(info.node.key), info.checked))}
          titleRender={(n) => <span data-testid={`fun-${String(n.key)}`}>{String(n.title)}</span>}
        />
      )}
    </Drawer>
  );
}
