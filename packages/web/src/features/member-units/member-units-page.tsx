import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MEMBER_UNIT_FUNCTION, type MemberUnitRow } from '@oa/shared/contract/member-units';
import { actionLink } from '../../lib/action-link';
import { feedback } from '../../lib/feedback';
import { confirmAction, notifyError } from '../../lib/notify-error';
import { useCan } from '../../state/permission';
import { memberUnitsApi } from './member-units.api';
import { UnitContactsDrawer } from './unit-contacts-drawer';

/** /memberUnits 成员单位 (issue 37): the member units documents are sent to, and their contacts who sign for them. */
export default function MemberUnitsPage() {
  const qc = useQueryClient();
  const manage = useCan(MEMBER_UNIT_FUNCTION);
  const [editing, setEditing] = useState<Partial<MemberUnitRow> | null>(null);
  const [opened, setOpened] = useState<MemberUnitRow | null>(null);
  const [form] = Form.useForm();
  const units = useQuery({ queryKey: ['member-units', 'list'], queryFn: memberUnitsApi.list });
  const refresh = () => qc.invalidateQueries({ queryKey: ['member-units'] });
  const edit = (u: Partial<MemberUnitRow>) => {
    form.resetFields();
    form.setFieldsValue({ sortNo: 0, ...u });
    setEditing(u);
  };
  const save = async () => {
    const v = await form.validateFields();
    try {
      await memberUnitsApi.save({ ...v, id: editing?.id });
      feedback().message.success('已保存');
      setEditing(null);
      await refresh();
    } catch (err) {
      notifyError(err);
    }
  };
  const toggle = (u: MemberUnitRow) =>
    confirmAction(
      u.enabled === 'Y' ? `停用「${u.name}」？停用后不能再向其发送公文，其联系人随之停用并立即下线。` : `启用「${u.name}」？`,
      async () => {
        const out = await memberUnitsApi.status(u.id, u.enabled === 'Y' ? 'N' : 'Y');
        feedback().message.success(u.enabled === 'Y' ? `已停用，${out.contacts} 名联系人随之停用` : '已启用');
        await refresh();
      },
      { danger: u.enabled === 'Y' },
    );
  const current = opened ? (units.data?.find((u) => u.id === opened.id) ?? opened) : null;
  return (
    <div className="oa-page" data-testid="member-units">
      <Card
        variant="borderless"
        title="成员单位"
        extra={
          manage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => edit({})} data-testid="unit-add">
              新增成员单位
            </Button>
          ) : null
        }
      >
        <Table<MemberUnitRow>
          rowKey="id"
          size="middle"
          pagination={false}
          loading={units.isLoading}
          dataSource={units.data ?? []}
          locale={{ emptyText: '暂无成员单位' }}
          columns={[
            { title: '排序', dataIndex: 'sortNo', width: 70 },
            { title: '单位编码', dataIndex: 'code', width: 120 },
            { title: '单位名称', dataIndex: 'name' },
            { title: '联系人', dataIndex: 'contactCount', width: 90, render: (n: number) => `${n} 人` },
            {
              title: '状态',
              dataIndex: 'enabled',
              width: 80,
              render: (v: string) => (v === 'Y' ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
            },
            {
              title: '操作',
              key: 'op',
              width: 200,
              render: (_: unknown, u) => (
                <Space>
                  <a {...actionLink(() => setOpened(u))}>联系人</a>
                  {manage ? <a {...actionLink(() => edit(u))}>修改</a> : null}
                  {manage ? <a {...actionLink(() => toggle(u))}>{u.enabled === 'Y' ? '停用' : '启用'}</a> : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={!!editing}
        title={editing?.id ? '修改成员单位' : '新增成员单位'}
        onOk={save}
        onCancel={() => setEditing(null)}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" autoComplete="off">
          <Form.Item name="code" label="单位编码" rules={[{ required: true, whitespace: true, message: '请输入单位编码' }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="name" label="单位名称" rules={[{ required: true, whitespace: true, message: '请输入单位名称' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="sortNo" label="排序号">
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
      <UnitContactsDrawer unit={current} manage={manage} onClose={() => setOpened(null)} />
    </div>
  );
}
