import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRole, RoleGroup, RoleGroupBody } from '@oa/shared/contract/admin-roles';
import { feedback } from '../../lib/feedback';
import { roleGroupsApi, type RolesApi } from './roles.api';
import { UserPicker } from '../../components/user-picker';
import { confirmAction, notifyError } from '../../lib/notify-error';

interface Props {
  roles: AdminRole[];
  api: RolesApi;
  canEdit: boolean;
  onChanged: () => void;
}

/** Role groups: a named set of roles given to a set of users. */
export function RoleGroupsPanel({ roles, api, canEdit, onChanged }: Props) {
  const qc = useQueryClient();
  const groups = useQuery({ queryKey: ['admin', 'roleGroups'], queryFn: roleGroupsApi.list });
  const [editing, setEditing] = useState<{ group: RoleGroup | null } | null>(null);
  const [form] = Form.useForm<RoleGroupBody>();
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    const g = editing.group;
    form.setFieldsValue(
      g
        ? {
            groupCode: g.groupCode,
            groupName: g.groupName,
            remark: g.remark,
            roleCodes: g.roles.map((r) => r.roleCode),
            userCodes: g.users.map((u) => u.userCode),
          }
        : { roleCodes: [], userCodes: [] },
    );
  }, [editing, form]);
  const changed = (msg: string) => {
    feedback().message.success(msg);
    void qc.invalidateQueries({ queryKey: ['admin', 'roleGroups'] });
    onChanged();
  };
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await (editing?.group ? roleGroupsApi.update(v) : roleGroupsApi.insert(v)).then(() => {
      setEditing(null);
      changed('角色组已保存');
    }, notifyError);
  };
  const remove = (g: RoleGroup) =>
    confirmAction(
      `确定删除角色组「${g.groupName}」吗？组内 ${g.users.length} 名用户将失去该组的角色。`,
      () => roleGroupsApi.remove(g.groupCode),
      { danger: true },
    ).then((done) => done && changed('角色组已删除'));
  return (
    <>
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing({ group: null })}>
          新增角色组
        </Button>
      )}
      <Table<RoleGroup>
        rowKey="groupCode"
        size="middle"
        loading={groups.isFetching}
        dataSource={groups.data ?? []}
        pagination={false}
        columns={[
          { title: '编码', dataIndex: 'groupCode', width: 140 },
          { title: '名称', dataIndex: 'groupName', width: 160 },
          { title: '角色', dataIndex: 'roles', render: (v: RoleGroup['roles']) => v.map((r) => <Tag key={r.roleCode}>{r.roleName}</Tag>) },
          { title: '用户数', dataIndex: 'users', width: 80, render: (v: RoleGroup['users']) => v.length },
          { title: '备注', dataIndex: 'remark', ellipsis: true },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 130,
                  render: (_: unknown, g: RoleGroup) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => setEditing({ group: g })}>
                        编辑
                      </Button>
                      <Button type="link" size="small" danger onClick={() => void remove(g)}>
                        删除
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        title={editing?.group ? '编辑角色组' : '新增角色组'}
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        maskClosable={false}
        destroyOnHidden
        width={600}
      >
        <Form form={form} labelCol={{ span: 4 }} preserve={false}>
          <Form.Item
            name="groupCode"
            label="编码"
            rules={[
              { required: true, message: '请输入角色组编码' },
              { pattern: /^[A-Za-z0-9_:.-]+$/, message: '只能包含字母、数字、下划线、冒号、点和横线' },
            ]}
          >
            <Input maxLength={64} disabled={!!editing?.group} />
          </Form.Item>
          <Form.Item name="groupName" label="名称" rules={[{ required: true, whitespace: true, message: '请输入角色组名称' }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="roleCodes" label="角色">
            <Select
              mode="multiple"
              options={roles.map((r) => ({ value: r.roleCode, label: r.roleName }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item name="userCodes" label="用户">
            <UserPicker search={api.userOptions} known={editing?.group?.users ?? []} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={255} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
