import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { RETENTION_LABELS, type RollRow } from '@oa/shared/contract/archive';
import { RETENTIONS } from '@oa/shared/contract/documents';
import { fmtTime } from '../../engine/components/record-columns';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { archiveApi } from './archive.api';
import { actionLink } from '../../lib/action-link';

/** /archive/rollList: rolls (案卷), an optional grouping of filed items. */
export default function RollListPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Partial<RollRow> | null>(null);
  const [form] = Form.useForm();
  const q = useQuery({ queryKey: ['archive', 'rolls'], queryFn: archiveApi.rolls });
  const save = async () => {
    const v = await form.validateFields();
    try {
      await archiveApi.saveRoll({ ...v, id: editing?.id });
      feedback().message.success('保存成功');
      setEditing(null);
      await qc.invalidateQueries({ queryKey: ['archive'] });
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <div className="oa-page" data-testid="roll-list">
      <Card
        variant="borderless"
        title="案卷管理"
        extra={
          <Button
            type="primary"
            onClick={() => {
              form.resetFields();
              form.setFieldsValue({ fonds: 'A001', year: new Date().getFullYear(), retention: 'D30' });
              setEditing({});
            }}
          >
            新建案卷
          </Button>
        }
      >
        <Table<RollRow>
          rowKey="id"
          size="middle"
          dataSource={q.data ?? []}
          loading={q.isLoading}
          pagination={false}
          columns={[
            { title: '案卷号', dataIndex: 'rollNo', width: 100 },
            { title: '案卷题名', dataIndex: 'title' },
            { title: '全宗号', dataIndex: 'fonds', width: 80 },
            { title: '年度', dataIndex: 'year', width: 80 },
            { title: '保管期限', dataIndex: 'retention', width: 110, render: (v: 'Y') => RETENTION_LABELS[v] },
            { title: '件数', dataIndex: 'itemCount', width: 70 },
            { title: '创建时间', dataIndex: 'createdAt', width: 150, render: (v: string) => fmtTime(v) },
            {
              title: '操作',
              key: 'op',
              width: 120,
              render: (_: unknown, r) => (
                <>
                  <a
                    onClick={() => {
                      form.setFieldsValue(r);
                      setEditing(r);
                    }}
                  >
                    修改
                  </a>{' '}
                  <a {...actionLink(() => navigate('/archive'), 'link')}>卷内文件</a>
                </>
              ),
            },
          ]}
        />
      </Card>
      <Modal open={!!editing} title={editing?.id ? '修改案卷' : '新建案卷'} onOk={save} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="rollNo" label="案卷号" rules={[{ required: true, message: '请输入案卷号' }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="title" label="案卷题名" rules={[{ required: true, message: '请输入案卷题名' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="fonds" label="全宗号" rules={[{ required: true, pattern: /^[A-Z0-9]{4}$/, message: '4 位大写字母或数字' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="year" label="年度" rules={[{ required: true }]}>
            <InputNumber min={1900} max={2100} />
          </Form.Item>
          <Form.Item name="retention" label="保管期限" rules={[{ required: true }]}>
            <Select options={RETENTIONS.map((r) => ({ value: r, label: RETENTION_LABELS[r] }))} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
