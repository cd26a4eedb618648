import { useState } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Row, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { newPasswordRules } from '@oa/shared/validate/rules';
import type { BatchItem } from '@oa/shared/contract/subjects';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { ApplicantAccountFields } from '../../components/applicant-account-fields';
import { subjectsApi } from './subjects.api';
import { money } from './subject-columns';

type BatchForm = { name: string; year: number; range: [Dayjs, Dayjs]; guide?: string; budgetCeiling: number; totalBudget?: number };

/** /foundationMange — 资助管理: declaration batches (window, guide, ceilings) and accounts for outside applicants. */
export default function FoundationManagePage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['subject-batches'], queryFn: subjectsApi.batches });
  const [editing, setEditing] = useState<BatchItem | 'new' | null>(null);
  const [account, setAccount] = useState(false);
  const [form] = Form.useForm<BatchForm>();
  const [accForm] = Form.useForm<{ userCode: string; userName: string; mobile: string; orgName: string; password: string }>();
  const open = (b: BatchItem | 'new') => {
    form.resetFields();
    if (b !== 'new')
      form.setFieldsValue({
        name: b.name,
        year: b.year,
        range: [dayjs(b.openDate), dayjs(b.closeDate)],
        guide: b.guide ?? undefined,
        budgetCeiling: b.budgetCeiling,
        totalBudget: b.totalBudget ?? undefined,
      });
    else form.setFieldsValue({ year: new Date().getFullYear() });
    setEditing(b);
  };
  const save = async () => {
    const v = await form.validateFields();
    try {
      await subjectsApi.saveBatch({
        id: editing !== 'new' ? editing?.id : undefined,
        name: v.name,
        year: v.year,
        openDate: v.range[0].format('YYYY-MM-DD'),
        closeDate: v.range[1].format('YYYY-MM-DD'),
        guide: v.guide ?? null,
        budgetCeiling: v.budgetCeiling,
        totalBudget: v.totalBudget ?? null,
      });
      feedback().message.success('保存成功');
      setEditing(null);
      void qc.invalidateQueries({ queryKey: ['subject-batches'] });
    } catch (err) {
      notifyError(err);
    }
  };
  const createAccount = async () => {
    const v = await accForm.validateFields();
    try {
      await subjectsApi.createApplicant({ ...v, password: hashPassword(v.password) });
      feedback().message.success('申报账号已开通');
      setAccount(false);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <div className="oa-page" data-testid="foundation-manage-page">
      <Card
        title="申报批次"
        extra={
          <Space>
            <Button
              onClick={() => {
                accForm.resetFields();
                setAccount(true);
              }}
            >
              开通申报账号
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              新增批次
            </Button>
          </Space>
        }
      >
        <Table<BatchItem>
          rowKey="id"
          loading={q.isPending}
          dataSource={q.data ?? []}
          pagination={false}
          columns={[
            { title: '批次名称', dataIndex: 'name' },
            { title: '年度', dataIndex: 'year', width: 80 },
            { title: '申报时间', key: 'range', render: (_, b) => `${b.openDate} 至 ${b.closeDate}` },
            {
              title: '状态',
              dataIndex: 'open',
              width: 90,
              render: (v: boolean) => (v ? <Tag color="green">申报中</Tag> : <Tag>未开放</Tag>),
            },
            { title: '单项上限（元）', dataIndex: 'budgetCeiling', align: 'right', render: money },
            { title: '批次总经费（元）', dataIndex: 'totalBudget', align: 'right', render: money },
            { title: '已申报', dataIndex: 'subjectCount', width: 80 },
            {
              title: '操作',
              key: 'op',
              width: 130,
              render: (_, b) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => open(b)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="确定删除该批次吗？"
                    onConfirm={() =>
                      void subjectsApi.deleteBatch(b.id).then(() => qc.invalidateQueries({ queryKey: ['subject-batches'] }), notifyError)
                    }
                  >
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
        title={editing === 'new' ? '新增批次' : '编辑批次'}
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText="保存"
        cancelText="取消"
        width={720}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Row gutter={16}>
            <Col span={16}>
              <Form.Item name="name" label="批次名称" rules={[{ required: true, whitespace: true, message: '请填写批次名称' }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="year" label="年度" rules={[{ required: true, message: '请填写年度' }]}>
                <InputNumber min={2000} max={2100} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="range" label="申报时间" rules={[{ required: true, message: '请选择申报时间' }]}>
                <DatePicker.RangePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="budgetCeiling" label="单项经费上限（元）" rules={[{ required: true, message: '请填写单项经费上限' }]}>
                <InputNumber min={1} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="totalBudget" label="批次总经费（元）">
                <InputNumber min={1} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="guide" label="申报指南">
            <Input.TextArea rows={8} maxLength={20000} showCount />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title="开通申报账号"
        open={account}
        onCancel={() => setAccount(false)}
        onOk={() => void createAccount()}
        okText="开通"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={accForm} layout="vertical" autoComplete="off">
          <ApplicantAccountFields />
          <Form.Item name="password" label="初始密码" rules={newPasswordRules()}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
