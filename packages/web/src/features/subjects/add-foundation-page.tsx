import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Select,
  Statistic,
  Table,
  Tag,
  Upload,
} from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { toChineseMoney } from '@oa/shared/format/chinese-money';
import { FUND_CATEGORIES, FUND_DIRECTION_LABELS, type FundItem } from '@oa/shared/contract/subjects';
import type { UploadedFile } from '@oa/shared/contract/files';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { subjectsApi } from './subjects.api';
import { StatusTag, money } from './subject-columns';
import './subjects.css';
import { actionLink } from '../../lib/action-link';

type FundForm = { direction: 'in' | 'out'; amount: number; happenedOn: Dayjs; category: string; summary: string };

/** /addFoundation?subjectId= — a subject's ledger: budget vs actual with capitals, the entries, booking a new one with its voucher. */
export default function AddFoundationPage() {
  const [params] = useSearchParams();
  const subjectId = params.get('subjectId') ?? '';
  const qc = useQueryClient();
  const [form] = Form.useForm<FundForm>();
  const [voucher, setVoucher] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(false);
  const subject = useQuery({ queryKey: ['subject', subjectId], queryFn: () => subjectsApi.detail(subjectId), enabled: !!subjectId });
  const ledger = useQuery({ queryKey: ['subject-ledger', subjectId], queryFn: () => subjectsApi.funds(subjectId), enabled: !!subjectId });
  if (!subjectId)
    return (
      <div className="oa-page">
        <Alert type="info" showIcon message="请从“课题资助”列表选择课题" />
      </div>
    );
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['subject-ledger', subjectId] });
    void qc.invalidateQueries({ queryKey: ['subject', subjectId] });
    void qc.invalidateQueries({ queryKey: ['subjects'] });
  };
  const book = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await subjectsApi.addFund({
        subjectId,
        direction: v.direction,
        amount: v.amount,
        happenedOn: v.happenedOn.format('YYYY-MM-DD'),
        category: v.category,
        summary: v.summary,
        voucherFileId: voucher?.fileId ?? null,
      });
      feedback().message.success('登记成功');
      form.resetFields();
      setVoucher(null);
      refresh();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const l = ledger.data;
  const s = subject.data;
  return (
    <div className="oa-page" data-testid="add-foundation-page">
      <Card title="经费台账" loading={subject.isPending} style={{ marginBottom: 16 }}>
        {s && (
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="课题">
              {s.code} {s.name}
            </Descriptions.Item>
            <Descriptions.Item label="承担单位">{s.orgName}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag status={s.status} />
            </Descriptions.Item>
          </Descriptions>
        )}
        {l && (
          <Row gutter={16} data-testid="ledger-summary">
            <Col span={6}>
              <Statistic title="批准经费（元）" value={money(l.budget)} />
              <div className="oa-capitals">{toChineseMoney(l.budget)}</div>
            </Col>
            <Col span={6}>
              <Statistic title="已拨付（元）" value={money(l.in)} />
              <div className="oa-capitals">{toChineseMoney(l.in)}</div>
            </Col>
            <Col span={6}>
              <Statistic title="已支出（元）" value={money(l.out)} />
              <div className="oa-capitals">{toChineseMoney(l.out)}</div>
            </Col>
            <Col span={6}>
              <Statistic title="结余（元）" value={money(l.balance)} />
              <div className="oa-capitals">{toChineseMoney(l.balance)}</div>
            </Col>
          </Row>
        )}
      </Card>
      {s?.can.fund && (
        <Card title="登记收支" style={{ marginBottom: 16 }}>
          <Form
            form={form}
            layout="inline"
            initialValues={{ direction: 'in', category: '资助拨款', happenedOn: dayjs() }}
            data-testid="fund-form"
          >
            <Form.Item name="direction" label="方向">
              <Radio.Group
                options={[
                  { value: 'in', label: '拨入' },
                  { value: 'out', label: '支出' },
                ]}
              />
            </Form.Item>
            <Form.Item name="category" label="科目" rules={[{ required: true, message: '请选择科目' }]}>
              <Select style={{ width: 150 }} options={FUND_CATEGORIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
            <Form.Item name="amount" label="金额（元）" rules={[{ required: true, message: '请填写金额' }]}>
              <InputNumber min={0.01} precision={2} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="happenedOn" label="日期" rules={[{ required: true, message: '请选择发生日期' }]}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="summary" label="摘要" rules={[{ required: true, whitespace: true, message: '请填写摘要' }]}>
              <Input style={{ width: 220 }} maxLength={200} />
            </Form.Item>
            <Form.Item label="凭证">
              <Upload
                maxCount={1}
                showUploadList={false}
                customRequest={({ file }) => {
                  subjectsApi
                    .uploadVoucher(file as File)
                    .then(setVoucher)
                    .catch(notifyError);
                }}
              >
                <Button icon={<UploadOutlined />}>{voucher ? voucher.fileName : '上传凭证'}</Button>
              </Upload>
            </Form.Item>
            <Form.Item shouldUpdate>
              {() => (
                <span className="oa-capitals">{form.getFieldValue('amount') ? toChineseMoney(form.getFieldValue('amount')) : ''}</span>
              )}
            </Form.Item>
            <Button type="primary" loading={busy} onClick={() => void book()}>
              登记
            </Button>
          </Form>
        </Card>
      )}
      <Card title="收支明细">
        <Table<FundItem>
          rowKey="id"
          loading={ledger.isPending}
          dataSource={l?.list ?? []}
          pagination={false}
          data-testid="ledger-table"
          columns={[
            { title: '日期', dataIndex: 'happenedOn', width: 110 },
            {
              title: '方向',
              dataIndex: 'direction',
              width: 80,
              render: (v: FundItem['direction']) => <Tag color={v === 'in' ? 'green' : 'orange'}>{FUND_DIRECTION_LABELS[v]}</Tag>,
            },
            { title: '科目', dataIndex: 'category', width: 130 },
            { title: '摘要', dataIndex: 'summary' },
            { title: '金额（元）', dataIndex: 'amount', align: 'right', render: money },
            {
              title: '凭证',
              dataIndex: 'voucherFileId',
              render: (v: string | null, f) =>
                v ? (
                  <a {...actionLink(() => void subjectsApi.download(v, f.voucherFileName ?? '凭证').catch(notifyError))}>
                    {f.voucherFileName}
                  </a>
                ) : (
                  '—'
                ),
            },
            { title: '登记人', dataIndex: 'createdByName', width: 90 },
            {
              title: '操作',
              key: 'op',
              width: 70,
              render: (_, f) => (
                <Popconfirm title="确定删除该台账记录吗？" onConfirm={() => void subjectsApi.removeFund(f.id).then(refresh, notifyError)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
