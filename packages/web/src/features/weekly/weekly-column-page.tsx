import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { weeklyColumnBody, type WeeklyColumn } from '@oa/shared/contract/weekly';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { weeklyApi } from './weekly.api';

/** /weelkyIntegrateColumn — 栏目维护: the columns departments write in and the report is compiled by. */
export default function WeeklyColumnPage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['weekly', 'columns', 'all'], queryFn: () => weeklyApi.columns(true) });
  const [editing, setEditing] = useState<Partial<WeeklyColumn> | null>(null);
  const [form] = Form.useForm<{ name: string; sortNo: number; enabled: boolean }>();
  const reload = () => void qc.invalidateQueries({ queryKey: ['weekly', 'columns'] });
  const open = (c: Partial<WeeklyColumn>) => {
    setEditing(c);
    form.setFieldsValue({ name: c.name ?? '', sortNo: c.sortNo ?? ((q.data?.length ?? 0) + 1) * 10, enabled: c.enabled !== 'N' });
  };
  const save = async () => {
    const v = form.getFieldsValue();
    const parsed = weeklyColumnBody.safeParse({ name: v.name, sortNo: v.sortNo, enabled: v.enabled ? 'Y' : 'N' });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as 'name', errors: [i.message] })));
      return;
    }
    try {
      await weeklyApi.saveColumn({ ...parsed.data, id: editing?.id });
      feedback().message.success('保存成功');
      setEditing(null);
      reload();
    } catch (err) {
      notifyError(err);
    }
  };
  const remove = async (id: string) => {
    try {
      await weeklyApi.removeColumn(id);
      feedback().message.success('删除成功');
      reload();
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <div className="oa-page" data-testid="weekly-column-page">
      <Card
        title="周报栏目维护"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({})}>
            新增栏目
          </Button>
        }
      >
        <Table<WeeklyColumn>
          rowKey="id"
          loading={q.isPending}
          dataSource={q.data ?? []}
          pagination={false}
          columns={[
            { title: '排序', dataIndex: 'sortNo', width: 80 },
            { title: '栏目名称', dataIndex: 'name' },
            {
              title: '状态',
              dataIndex: 'enabled',
              width: 90,
              render: (v: string) => (v === 'Y' ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
            },
            {
              title: '操作',
              width: 140,
              render: (_, c) => (
                <Space>
                  <Button type="link" size="small" onClick={() => open(c)}>
                    编辑
                  </Button>
                  <Popconfirm title="确定删除该栏目吗？" onConfirm={() => void remove(c.id)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={!!editing}
        title={editing?.id ? '编辑栏目' : '新增栏目'}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="栏目名称" required>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="sortNo" label="排序">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
