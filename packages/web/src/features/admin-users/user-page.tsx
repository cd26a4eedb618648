import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Flex, Input, Select, Space, Table, Tag } from 'antd';
import { DownloadOutlined, PlusOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLATFORM_OPTIONS, type AdminUser, type UserCreateBody } from '@oa/shared/contract/admin';
import { useCan } from '../../state/permission';
import { feedback } from '../../lib/feedback';
import { deptsApi, downloadFile, usersApi } from './admin-users.api';
import { DeptTreePanel } from './dept-tree-panel';
import { UserFormDrawer } from './user-form-drawer';
import { ResetPasswordModal } from './reset-password-modal';
import { ImportModal } from './import-modal';
import { MoveDeptModal } from './move-dept-modal';
import { confirmAction, notifyError } from '../../lib/notify-error';

const PLATFORM_NAME = new Map<string, string>(PLATFORM_OPTIONS.map((p) => [p.value, p.label]));

/** /user — departments on the left, their users on the right. */
export default function UserPage() {
  const qc = useQueryClient();
  const canEdit = useCan('sys_user');
  const canHandOver = useCan('sys_handover');
  const [deptCode, setDeptCode] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<'Y' | 'N' | undefined>();
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [importing, setImporting] = useState(false);
  const [moving, setMoving] = useState(false);

  const filters = { keyword: keyword || undefined, deptCode: deptCode ?? undefined, status };
  const users = useQuery({
    queryKey: ['admin', 'users', filters, page],
    queryFn: () => usersApi.list({ ...filters, ...page }),
    placeholderData: keepPreviousData,
  });
  const depts = useQuery({ queryKey: ['admin', 'depts'], queryFn: deptsApi.list });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['admin', 'users'] });
    void qc.invalidateQueries({ queryKey: ['admin', 'depts'] });
  };
  const done = (msg: string) => () => {
    feedback().message.success(msg);
    refresh();
  };

  const save = useMutation({
    mutationFn: ({ body, isNew }: { body: UserCreateBody | Omit<UserCreateBody, 'password'>; isNew: boolean }) =>
      isNew ? usersApi.insert(body as UserCreateBody) : usersApi.update(body),
    onSuccess: () => {
      setEditing(null);
      done('用户已保存')();
    },
    onError: notifyError,
  });
  const toggle = (u: AdminUser) => {
    const disable = u.status === 'Y';
    void confirmAction(
      disable ? `确定停用用户「${u.userName}」吗？停用后其登录会话立即失效。` : `确定启用用户「${u.userName}」吗？`,
      () => usersApi.setStatus(u.userCode, disable ? 'N' : 'Y'),
      { danger: disable },
    ).then((ok) => ok && done(disable ? '用户已停用' : '用户已启用')());
  };

  return (
    <Flex gap={12} align="stretch" style={{ minHeight: '100%' }}>
      <div style={{ width: 260, flex: 'none' }}>
        <DeptTreePanel
          selected={deptCode}
          onSelect={(c) => {
            setDeptCode(c);
            setPage((p) => ({ ...p, pageNumber: 1 }));
          }}
        />
      </div>
      <Card size="small" style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
          <Space wrap>
            <Input.Search
              allowClear
              placeholder="账号、姓名、拼音、手机号"
              aria-label="账号、姓名、拼音、手机号"
              style={{ width: 240 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage((p) => ({ ...p, pageNumber: 1 }));
              }}
            />
            <Select
              allowClear
              placeholder="状态"
              aria-label="状态"
              style={{ width: 100 }}
              value={status}
              onChange={(v) => setStatus(v)}
              options={[
                { value: 'Y', label: '正常' },
                { value: 'N', label: '停用' },
              ]}
            />
          </Space>
          {canEdit && (
            <Space wrap>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ user: null })}>
                新增用户
              </Button>
              <Button icon={<SwapOutlined />} disabled={!selected.length} onClick={() => setMoving(true)}>
                调整部门
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void downloadFile(usersApi.exportUrl(filters), '用户列表.xlsx').catch(notifyError)}
              >
                导出
              </Button>
            </Space>
          )}
        </Flex>
        <Table<AdminUser>
          rowKey="userCode"
          size="middle"
          loading={users.isFetching}
          dataSource={users.data?.list ?? []}
          scroll={{ x: 1100 }}
          rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
          pagination={{
            current: page.pageNumber,
            pageSize: page.pageSize,
            total: users.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 人`,
            onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
          }}
          columns={[
            { title: '登录账号', dataIndex: 'userCode', width: 110 },
            { title: '姓名', dataIndex: 'userName', width: 90 },
            {
              title: '状态',
              dataIndex: 'status',
              width: 150,
              render: (v: string, u: AdminUser) => (
                <>
                  {v === 'Y' ? <Tag color="success">正常</Tag> : <Tag color="error">停用</Tag>}
                  {u.pendingHandover && (
                    <Tag color="warning">
                      {canHandOver ? <Link to={`/handover?from=${encodeURIComponent(u.userCode)}`}>有待交接工作</Link> : '有待交接工作'}
                    </Tag>
                  )}
                </>
              ),
            },
            { title: '性别', dataIndex: 'sex', width: 60 },
            { title: '部门', dataIndex: 'deptName', width: 110 },
            { title: '职务', dataIndex: 'position', width: 110 },
            { title: '手机号码', dataIndex: 'mobile', width: 120 },
            { title: '办公电话', dataIndex: 'tel', width: 130 },
            { title: '电子邮箱', dataIndex: 'email', ellipsis: true },
            {
              title: '平台权限',
              dataIndex: 'platforms',
              width: 150,
              render: (v: string[]) => v.map((p) => <Tag key={p}>{PLATFORM_NAME.get(p) ?? p}</Tag>),
            },
            ...(canEdit
              ? [
                  {
                    title: '操作',
                    key: 'op',
                    width: 190,
                    fixed: 'right' as const,
                    render: (_: unknown, u: AdminUser) => (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => setEditing({ user: u })}>
                          编辑
                        </Button>
                        <Button type="link" size="small" danger={u.status === 'Y'} onClick={() => toggle(u)}>
                          {u.status === 'Y' ? '停用' : '启用'}
                        </Button>
                        <Button type="link" size="small" onClick={() => setResetting(u)}>
                          重置密码
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <UserFormDrawer
        open={!!editing}
        user={editing?.user ?? null}
        deptCode={deptCode}
        depts={depts.data ?? []}
        onClose={() => setEditing(null)}
        onSubmit={async (body, isNew) => {
          await save.mutateAsync({ body, isNew }).catch(() => undefined);
        }}
      />
      <ResetPasswordModal
        user={resetting}
        onCancel={() => setResetting(null)}
        onSubmit={async (userCode, hashed) => {
          await usersApi.resetPassword(userCode, hashed).then(() => {
            setResetting(null);
            done('密码已重置，用户下次登录时须修改密码')();
          }, notifyError);
        }}
      />
      <ImportModal open={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <MoveDeptModal
        open={moving}
        count={selected.length}
        depts={depts.data ?? []}
        onCancel={() => setMoving(false)}
        onSubmit={async (target) => {
          await deptsApi.moveUsers(selected, target).then(() => {
            setMoving(false);
            setSelected([]);
            done('部门已调整')();
          }, notifyError);
        }}
      />
    </Flex>
  );
}
