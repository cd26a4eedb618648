import { useState } from 'react';
import { Button, Drawer, Flex, Input, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRole, RoleUser } from '@oa/shared/contract/admin-roles';
import { feedback } from '../../lib/feedback';
import type { RolesApi } from './roles.api';
import { UserPicker } from '../../components/user-picker';
import { confirmAction, notifyError } from '../../lib/notify-error';

interface Props {
  role: AdminRole | null;
  api: RolesApi;
  canEdit: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** The users of a role: add (direct), remove; users through role groups are shown with their group. */
export function RoleUsersDrawer({ role, api, canEdit, onClose, onChanged }: Props) {
  const qc = useQueryClient();
  const [page, setPage] = useState({ pageNumber: 1, pageSize: 10 });
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState<string[]>([]);
  const users = useQuery({
    queryKey: ['admin', 'roleUsers', api, role?.roleCode, page, keyword],
    queryFn: () => api.users(role!.roleCode, page.pageNumber, page.pageSize, keyword || undefined),
    enabled: !!role,
    placeholderData: keepPreviousData,
  });
  const changed = (msg: string) => {
    feedback().message.success(msg);
    void qc.invalidateQueries({ queryKey: ['admin', 'roleUsers'] });
    onChanged();
  };
  const add = () =>
    api.addUsers(role!.roleCode, adding).then(() => {
      setAdding([]);
      changed('已添加用户');
    }, notifyError);
  const remove = (u: RoleUser) => {
    let msg = '';
    return confirmAction(
      `确定将「${u.userName}」移出角色「${role!.roleName}」吗？`,
      async () => {
        msg = await api.removeUsers(role!.roleCode, [u.userCode]);
      },
      { danger: true },
    ).then((done) => done && changed(msg));
  };
  return (
    <Drawer title={`角色用户：${role?.roleName ?? ''}`} open={!!role} onClose={onClose} size={640} destroyOnHidden>
      {canEdit && (
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <div style={{ flex: 1 }}>
            <UserPicker value={adding} onChange={setAdding} search={api.userOptions} />
          </div>
          <Button type="primary" disabled={!adding.length} onClick={() => void add()}>
            添加
          </Button>
        </Flex>
      )}
      <Input.Search
        allowClear
        placeholder="在本角色用户中搜索"
        aria-label="在本角色用户中搜索"
        style={{ marginBottom: 8 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage((p) => ({ ...p, pageNumber: 1 }));
        }}
      />
      <Table<RoleUser>
        rowKey={(u) => `${u.userCode}-${u.via}`}
        size="small"
        loading={users.isFetching}
        dataSource={users.data?.list ?? []}
        pagination={{
          current: page.pageNumber,
          pageSize: page.pageSize,
          total: users.data?.total ?? 0,
          onChange: (pageNumber, pageSize) => setPage({ pageNumber, pageSize }),
          showTotal: (n) => `共 ${n} 人`,
        }}
        columns={[
          { title: '账号', dataIndex: 'userCode' },
          { title: '姓名', dataIndex: 'userName' },
          { title: '部门', dataIndex: 'deptName' },
          {
            title: '来源',
            dataIndex: 'via',
            render: (v: string) => (v === 'direct' ? <Tag color="blue">直接授予</Tag> : <Tag>角色组：{v}</Tag>),
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 80,
                  render: (_: unknown, u: RoleUser) =>
                    u.via === 'direct' && (
                      <Space>
                        <Button type="link" size="small" danger onClick={() => void remove(u)}>
                          移除
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
