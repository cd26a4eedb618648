import { useMemo, useState } from 'react';
import { Button, Card, Input, Space, Table, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRole, RoleBody } from '@oa/shared/contract/admin-roles';
import { useCan } from '../../state/permission';
import { feedback } from '../../lib/feedback';
import { rolesApi, type RoleSurface } from './roles.api';
import { RoleFormModal } from './role-form-modal';
import { RoleFunsDrawer } from './role-funs-drawer';
import { RoleUsersDrawer } from './role-users-drawer';
import { RoleGroupsPanel } from './role-groups-panel';
import { confirmAction, notifyError } from '../../lib/notify-error';

/** /role and /memberRole: roles with their users and functions (and, on /role, role groups). */
export function RolePageView({ surface }: { surface: RoleSurface }) {
  const qc = useQueryClient();
  const api = useMemo(() => rolesApi(surface), [surface]);
  // 三员分立: role definitions are the system administrator's (:manage), grants the security administrator's (:grant)
  const canDefine = useCan(`${surface.perm}:manage`);
  const canGrant = useCan(`${surface.perm}:grant`);
  const [keyword, setKeyword] = useState('');
  const roles = useQuery({ queryKey: ['admin', 'roles', surface.platform, keyword], queryFn: () => api.list(keyword || undefined) });
  const [editing, setEditing] = useState<{ role: AdminRole | null } | null>(null);
  const [funsOf, setFunsOf] = useState<AdminRole | null>(null);
  const [usersOf, setUsersOf] = useState<AdminRole | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'roles'] });
  const ok = (msg: string) => {
    feedback().message.success(msg);
    refresh();
  };

  const save = (b: RoleBody, isNew: boolean) =>
    void (isNew ? api.insert(b) : api.update(b)).then(() => {
      setEditing(null);
      ok('角色已保存');
    }, notifyError);
  const remove = (r: AdminRole) =>
    void confirmAction(`确定删除${surface.title}「${r.roleName}」吗？`, () => api.remove(r.roleCode), { danger: true }).then(
      (done) => done && ok('角色已删除'),
    );

  const table = (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder="角色编码或名称"
          aria-label="角色编码或名称"
          style={{ width: 240 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        {canDefine && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
            新增{surface.title}
          </Button>
        )}
      </Space>
      <Table<AdminRole>
        rowKey="roleCode"
        size="middle"
        loading={roles.isFetching}
        dataSource={roles.data?.list ?? []}
        pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 个角色` }}
        columns={[
          { title: '角色编码', dataIndex: 'roleCode', width: 160 },
          {
            title: '角色名称',
            dataIndex: 'roleName',
            width: 160,
            render: (v: string, r) => (
              <>
                {v}
                {r.builtIn && <Tag style={{ marginLeft: 6 }}>内置</Tag>}
              </>
            ),
          },
          { title: '备注', dataIndex: 'remark', ellipsis: true },
          { title: '用户数', dataIndex: 'userCount', width: 80 },
          { title: '功能数', dataIndex: 'funCount', width: 80 },
          {
            title: '操作',
            key: 'op',
            width: 250,
            render: (_: unknown, r: AdminRole) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setFunsOf(r)}>
                  {canGrant ? '功能授权' : '查看功能'}
                </Button>
                <Button type="link" size="small" onClick={() => setUsersOf(r)}>
                  角色用户
                </Button>
                {canDefine && (
                  <Button type="link" size="small" onClick={() => setEditing({ role: r })}>
                    编辑
                  </Button>
                )}
                {canDefine && !r.builtIn && (
                  <Button type="link" size="small" danger onClick={() => remove(r)}>
                    删除
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );

  return (
    <Card size="small">
      {surface.platform === '1' ? (
        <Tabs
          items={[
            { key: 'roles', label: '角色', children: table },
            {
              key: 'groups',
              label: '角色组',
              children: <RoleGroupsPanel roles={roles.data?.list ?? []} api={api} canEdit={canGrant} onChanged={refresh} />,
            },
          ]}
        />
      ) : (
        table
      )}
      <RoleFormModal
        open={!!editing}
        role={editing?.role ?? null}
        title={surface.title}
        onCancel={() => setEditing(null)}
        onSubmit={save}
      />
      <RoleFunsDrawer
        role={funsOf}
        api={api}
        canEdit={canGrant}
        onClose={() => setFunsOf(null)}
        onSave={(roleCode, funCodes) =>
          api.saveFuns(roleCode, funCodes).then(() => {
            setFunsOf(null);
            ok('功能授权已保存');
          }, notifyError)
        }
      />
      <RoleUsersDrawer role={usersOf} api={api} canEdit={canGrant} onClose={() => setUsersOf(null)} onChanged={refresh} />
    </Card>
  );
}
