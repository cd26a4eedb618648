import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocType, NumberRow } from '@oa/shared/contract/documents';
import type { DocScope } from '@oa/shared/contract/document-routes';
import { fmtTime } from '../../engine/components/record-columns';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { docsApi } from './documents.api';
import { KIND_LABEL, useDocRoute } from './doc-route';
import { actionLink } from '../../lib/action-link';

const STATE: Record<string, [string, string]> = { used: ['已使用', 'blue'], reserved: ['预留', 'gold'], voided: ['作废', 'default'] };

/** /deptReceiptType, /deptDispatchType: document types (机关代字, yearly counter), and for dispatch types the number book. */
export default function DocTypePage() {
  const r = useDocRoute();
  const qc = useQueryClient();
  const [scope, setScope] = useState<DocScope>('dept');
  const [editing, setEditing] = useState<Partial<DocType> | null>(null);
  const [book, setBook] = useState<DocType | null>(null);
  const [form] = Form.useForm();
  const types = useQuery({ queryKey: ['documents', 'types', r.kind, scope, 'all'], queryFn: () => docsApi.types(r.kind, scope, true) });
  const numbers = useQuery({ queryKey: ['documents', 'numbers', book?.id], queryFn: () => docsApi.numbers(book!.id), enabled: !!book });
  const save = async () => {
    const v = await form.validateFields();
    try {
      await docsApi.saveType({ ...v, id: editing?.id, kind: r.kind, scope });
      feedback().message.success('保存成功');
      setEditing(null);
      await qc.invalidateQueries({ queryKey: ['documents', 'types'] });
    } catch (err) {
      notifyError(err);
    }
  };
  const ask = (title: string, fn: (reason: string) => Promise<unknown>) => {
    let reason = '';
    Modal.confirm({
      title,
      content: (
        <Input
          placeholder="原因（必填）"
          onChange={(e) => {
            reason = e.target.value;
          }}
        />
      ),
      onOk: async () => {
        if (!reason.trim()) throw new Error('请填写原因');
        await fn(reason.trim()).catch((e) => {
          notifyError(e);
          throw e;
        });
        await qc.invalidateQueries({ queryKey: ['documents'] });
      },
    });
  };
  return (
    <div className="oa-page" data-testid="doc-types">
      <Card
        variant="borderless"
        title={`${KIND_LABEL[r.kind]}类型`}
        extra={
          <Button
            type="primary"
            onClick={() => {
              form.resetFields();
              form.setFieldsValue({ enabled: 'Y', sortNo: 0 });
              setEditing({});
            }}
          >
            新增类型
          </Button>
        }
      >
        <Tabs
          activeKey={scope}
          onChange={(k) => setScope(k as DocScope)}
          items={[
            { key: 'dept', label: '本部门' },
            { key: 'office', label: '协会（办公室）' },
          ]}
        />
        <Table<DocType>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={types.data ?? []}
          loading={types.isLoading}
          columns={[
            { title: '类型名称', dataIndex: 'name' },
            { title: '机关代字', dataIndex: 'prefix', width: 120 },
            {
              title: '文号样式',
              key: 'sample',
              render: (_: unknown, t) => `${t.prefix}〔${new Date().getFullYear()}〕${t.nextNo}号`,
              width: 200,
            },
            {
              title: '状态',
              dataIndex: 'enabled',
              width: 80,
              render: (v: string) => (v === 'Y' ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
            },
            { title: '备注', dataIndex: 'remark' },
            {
              title: '操作',
              key: 'op',
              width: 180,
              render: (_: unknown, t) => (
                <Space>
                  <a
                    onClick={() => {
                      form.setFieldsValue(t);
                      setEditing(t);
                    }}
                  >
                    修改
                  </a>
                  {r.kind === 'dispatch' ? <a {...actionLink(() => setBook(t))}>文号登记簿</a> : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal open={!!editing} title={editing?.id ? '修改类型' : '新增类型'} onOk={save} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="类型名称" rules={[{ required: true, message: '请输入类型名称' }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="prefix" label="机关代字（如 X协、X协办）" rules={[{ required: true, message: '请输入机关代字' }]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="enabled" label="状态">
            <Select
              options={[
                { value: 'Y', label: '启用' },
                { value: 'N', label: '停用' },
              ]}
            />
          </Form.Item>
          <Form.Item name="sortNo" label="排序">
            <InputNumber min={0} max={9999} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!book} title={`文号登记簿：${book?.name ?? ''}`} width={860} footer={null} onCancel={() => setBook(null)}>
        <Button
          style={{ marginBottom: 8 }}
          onClick={() =>
            ask('预留文号', (reason) => docsApi.reserve(book!.id, reason).then((n) => feedback().message.success(`已预留：${n.docNo}`)))
          }
        >
          预留文号
        </Button>
        <Table<NumberRow>
          rowKey="id"
          size="small"
          dataSource={numbers.data ?? []}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: '文号', dataIndex: 'docNo', width: 170 },
            { title: '状态', dataIndex: 'state', width: 80, render: (v: string) => <Tag color={STATE[v][1]}>{STATE[v][0]}</Tag> },
            { title: '公文 / 原因', key: 'doc', render: (_: unknown, n) => n.docTitle ?? n.reason ?? '' },
            { title: '经办人', dataIndex: 'createdBy', width: 90 },
            { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => fmtTime(v) },
            {
              title: '操作',
              key: 'op',
              width: 70,
              render: (_: unknown, n) =>
                n.state !== 'voided' ? (
                  <a {...actionLink(() => ask(`作废文号 ${n.docNo}`, (reason) => docsApi.voidNumber(n.id, reason)))}>作废</a>
                ) : null,
            },
          ]}
        />
      </Modal>
    </div>
  );
}
