import { useState } from 'react';
import { Button, Card, Empty, Space, Spin, Tree, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDept, DeptBody } from '@oa/shared/contract/admin';
import { useCan } from '../../state/permission';
import { feedback } from '../../lib/feedback';
import { deptsApi, usersApi } from './admin-users.api';
import { deptTreeData } from './dept-tree-data';
import { DeptFormModal } from './dept-form-modal';
import { confirmAction, notifyError } from '../../lib/notify-error';

interface Props {
  selected: string | null;
  onSelect: (deptCode: string | null) => void;
}

/** Left side of /user: the department tree with new / edit / delete. */
export function DeptTreePanel({ selected, onSelect }: Props) {
  const qc = useQueryClient();
  const canEdit = useCan('sys_user');
  const depts = useQuery({ queryKey: ['admin', 'depts'], queryFn: deptsApi.list });
  const leaders = useQuery({
    queryKey: ['admin', 'users', 'all'],
    queryFn: () => usersApi.list({ pageNumber: 1, pageSize: 500, status: 'Y' }),
  });
  const [editing, setEditing] = useState<{ dept: AdminDept | null } | null>(null);
  const current = depts.data?.find((d) => d.deptCode === selected) ?? null;
  const save = useMutation({
    mutationFn: ({ body, isNew }: { body: DeptBody; isNew: boolean }) => (isNew ? deptsApi.insert(body) : deptsApi.update(body)),
    onError: notifyError,
    onSuccess: () => {
      feedback().message.success('部门已保存');
      setEditing(null);
      void qc.invalidateQueries({ queryKey: ['admin', 'depts'] });
    },
  });
  const remove = async () => {
    if (!current) return;
    if (!(await confirmAction(`确定删除部门「${current.deptName}」吗？`, () => deptsApi.remove(current.deptCode), { danger: true })))
      return;
    feedback().message.success('部门已删除');
    onSelect(null);
    void qc.invalidateQueries({ queryKey: ['admin', 'depts'] });
  };
  const counts = new Map((depts.data ?? []).map((d) => [d.deptCode, d]));
  return (
    <Card
      size="small"
      title="组织机构"
      style={{ height: '100%' }}
      extra={
        canEdit && (
          <Space size={4}>
            <Button size="small" type="text" icon={<PlusOutlined />} title="新增部门" onClick={() => setEditing({ dept: null })} />
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              title="编辑部门"
              disabled={!current}
              onClick={() => setEditing({ dept: current })}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              title="删除部门"
              disabled={!current}
              onClick={() => void remove()}
            />
          </Space>
        )
      }
    >
      {depts.isLoading ? (
        <Spin />
      ) : !depts.data?.length ? (
        <Empty description="暂无部门" />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          selectedKeys={selected ? [selected] : []}
          treeData={deptTreeData(depts.data)}
          titleRender={(n) => {
            const d = counts.get(String(n.key));
            return (
              <span data-testid={`dept-${String(n.key)}`}>
                {String(n.title)}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {' '}
                  {d?.userCount ?? 0}人{d?.leaderName ? ` · ${d.leaderName}` : ''}
                </Typography.Text>
              </span>
            );
          }}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : null)}
        />
      )}
      <DeptFormModal
        open={!!editing}
        dept={editing?.dept ?? null}
        parentCode={selected}
        depts={depts.data ?? []}
        users={leaders.data?.list ?? []}
        onCancel={() => setEditing(null)}
        onSubmit={async (body, isNew) => save.mutate({ body, isNew })}
      />
    </Card>
  );
}
