import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { suppliesItemBody, type SuppliesItem } from '@oa/shared/contract/approval-modules';
import { useCan } from '../../state/permission';
import { feedback } from '../../lib/feedback';
import { suppliesApi } from './supplies.api';
import './supplies.css';
import { notifyError } from '../../lib/notify-error';

type Editing = { kind: 'item'; item: SuppliesItem | null } | { kind: 'in'; item: SuppliesItem } | null;

/** The stock table: items, stock, warning level (low stock tagged); managers add items and receive stock. */
export function SuppliesStock() {
  const qc = useQueryClient();
  const canManage = useCan('oa_supplies:manage');
  const [keyword, setKeyword] = useState('');
  const q = useQuery({ queryKey: ['supplies', keyword], queryFn: () => suppliesApi.supplies(keyword || undefined) });
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<Record<string, unknown>>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['supplies'] });
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      feedback().message.success(done);
      setEditing(null);
      await refresh();
    } catch (err) {
      notifyError(err);
    }
  };
  const save = async () => {
    const v = form.getFieldsValue(true) as Record<string, unknown>;
    if (editing?.kind === 'in') {
      const n = Number(v.quantity);
      if (!Number.isInteger(n) || n < 1) return form.setFields([{ name: 'quantity', errors: ['入库数量不能小于1'] }]);
      return run(() => suppliesApi.stockIn(editing.item.id, n), '已入库');
    }
    const parsed = suppliesItemBody.safeParse({ ...v, id: editing?.item?.id });
    if (!parsed.success) return form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })));
    return run(() => suppliesApi.saveSupply(parsed.data), '已保存');
  };
  const open = (e: Editing) => {
    form.resetFields();
    if (e?.kind === 'item' && e.item) form.setFieldsValue({ ...e.item });
    setEditing(e);
  };
  return (
    <div data-testid="supplies-stock">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="物品名称" aria-label="物品名称" onSearch={setKeyword} style={{ width: 220 }} />
        {canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: 'item', item: null })}>
            新增物品
          </Button>
        ) : null}
      </Space>
      <Table<SuppliesItem>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        locale={{ emptyText: '暂无数据' }}
        rowClassName={(r) => (r.low ? 'oa-row-warning' : '')}
        columns={[
          { title: '物品名称', dataIndex: 'name' },
          { title: '规格', dataIndex: 'spec' },
          { title: '单位', dataIndex: 'unit' },
          {
            title: '库存',
            dataIndex: 'stock',
            render: (v: number, r) => (
              <Space>
                {v}
                {r.low ? <Tag color="error">库存不足</Tag> : null}
              </Space>
            ),
          },
          { title: '预警数量', dataIndex: 'warnLevel' },
          { title: '备注', dataIndex: 'remark' },
          ...(canManage
            ? [
                {
                  key: 'op',
                  title: '操作',
                  render: (_: unknown, r: SuppliesItem) => (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => open({ kind: 'in', item: r })}>
                        入库
                      </Button>
                      <Button type="link" size="small" onClick={() => open({ kind: 'item', item: r })}>
                        编辑
                      </Button>
                      <Popconfirm
                        title="确定删除该物品吗？"
                        okText="删除"
                        cancelText="取消"
                        onConfirm={() => run(() => suppliesApi.removeSupply(r.id), '已删除')}
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.kind === 'in' ? `入库：${editing.item.name}` : editing?.item ? '编辑物品' : '新增物品'}
        okText="保存"
        cancelText="取消"
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {editing?.kind === 'in' ? (
            <Form.Item name="quantity" label="入库数量" required>
              <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="name" label="物品名称" required>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="spec" label="规格">
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="unit" label="单位" required>
                <Input maxLength={16} placeholder="如：包、支、个" />
              </Form.Item>
              <Space>
                <Form.Item name="stock" label="库存数量" required>
                  <InputNumber<number> min={0} precision={0} />
                </Form.Item>
                <Form.Item name="warnLevel" label="预警数量" required extra="库存不高于此数时提示">
                  <InputNumber<number> min={0} precision={0} />
                </Form.Item>
              </Space>
              <Form.Item name="remark" label="备注">
                <Input maxLength={200} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </div>
  );
}
