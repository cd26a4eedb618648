import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, List, Select, Space, Tabs, Tag, Timeline, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatMoney } from '@oa/shared/format/money';
import { toChineseMoney } from '@oa/shared/format/chinese-money';
import {
  CONTRACT_STATUS_LABELS,
  REPORT_KIND_LABELS,
  SUBJECT_STATUS_COLORS,
  SUBJECT_STATUS_LABELS,
  type ReportKind,
  type SubjectDetail,
} from '@oa/shared/contract/subjects';
import type { UploadedFile } from '@oa/shared/contract/files';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { fwebApi } from './fweb.api';
import { FW } from './foundation-routes';

const TABS = [
  ['tab1', '基本信息'],
  ['tab2', '进度报告'],
  ['tab3', '中期检查'],
  ['tab4', '结题验收'],
] as const;
const KIND: Record<string, ReportKind> = { tab2: 'progress', tab3: 'midterm', tab4: 'completion' };

function ReportForm({ s, kind }: { s: SubjectDetail; kind: ReportKind }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ title: string; content?: string }>();
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = s.can.report && (kind === 'progress' || s.status === 'in_progress');
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await fwebApi.report({ subjectId: s.id, kind, title: v.title, content: v.content, fileId: file?.fileId ?? null });
      feedback().message.success('报告已提交');
      form.resetFields();
      setFile(null);
      await qc.invalidateQueries({ queryKey: ['fweb-subject', s.id] });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const reports = s.reports.filter((r) => r.kind === kind);
  return (
    <>
      <List
        header={`已提交的${REPORT_KIND_LABELS[kind]}`}
        dataSource={reports}
        locale={{ emptyText: '暂无' }}
        style={{ marginBottom: 16 }}
        renderItem={(r) => (
          <List.Item
            actions={
              r.fileId
                ? [
                    <a key="f" onClick={() => void fwebApi.download(r.fileId!, r.fileName ?? '附件').catch(notifyError)}>
                      {r.fileName}
                    </a>,
                  ]
                : []
            }
          >
            <List.Item.Meta title={r.title} description={`${dayjs(r.createdAt).format('YYYY-MM-DD HH:mm')} · ${r.content ?? ''}`} />
          </List.Item>
        )}
      />
      {allowed ? (
        <Form form={form} layout="vertical" style={{ maxWidth: 720 }} data-testid={`report-form-${kind}`}>
          <Form.Item name="title" label="报告标题" rules={[{ required: true, whitespace: true, message: '请填写报告标题' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="content" label="报告内容">
            <Input.TextArea rows={5} maxLength={5000} showCount />
          </Form.Item>
          <Form.Item label="报告附件">
            <Upload
              maxCount={1}
              showUploadList={false}
              customRequest={({ file: f }) => {
                fwebApi
                  .upload(f as File)
                  .then(setFile)
                  .catch(notifyError);
              }}
            >
              <Button icon={<UploadOutlined />}>上传附件</Button>
            </Upload>
            {file && <span style={{ marginLeft: 8 }}>{file.fileName}</span>}
          </Form.Item>
          <Button type="primary" loading={busy} onClick={() => void submit()}>
            提交{REPORT_KIND_LABELS[kind]}
          </Button>
        </Form>
      ) : (
        <Alert
          type="info"
          showIcon
          message={s.status === 'completed' ? '课题已结题' : '当前阶段不能提交该报告（课题签订合同、进入执行阶段后提交）'}
        />
      )}
    </>
  );
}

function BaseInfo({ s }: { s: SubjectDetail }) {
  const budget = s.budget ?? 0;
  return (
    <>
      <Descriptions bordered size="small" column={2} data-testid="fweb-tb-info">
        <Descriptions.Item label="课题名称">{s.name}</Descriptions.Item>
        <Descriptions.Item label="课题编号">{s.code ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={SUBJECT_STATUS_COLORS[s.status]} data-testid="fweb-status">
            {SUBJECT_STATUS_LABELS[s.status]}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="合同">{CONTRACT_STATUS_LABELS[s.contractStatus]}</Descriptions.Item>
        <Descriptions.Item label="批准 / 申请经费">
          {formatMoney(budget)} 元（{toChineseMoney(budget)}）
        </Descriptions.Item>
        <Descriptions.Item label="已拨付经费">
          {formatMoney(s.fundIn)} 元（{toChineseMoney(s.fundIn)}）
        </Descriptions.Item>
        <Descriptions.Item label="研究期限">
          {s.startDate ?? '—'} 至 {s.endDate ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label="专家平均分">{s.reviews.length ? s.scoreAvg : '—'}</Descriptions.Item>
      </Descriptions>
      <Card type="inner" title="办理进程" style={{ marginTop: 16 }}>
        <Timeline
          items={[...s.logs].reverse().map((l) => ({
            children: (
              <span>
                {dayjs(l.at).format('YYYY-MM-DD HH:mm')} · {l.note}
              </span>
            ),
          }))}
        />
      </Card>
    </>
  );
}

/** /foundationForWeb/tb/tab1..tab4 — follow a subject: basic info and trail, progress, mid-term and completion reports. */
export default function FwebTbPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = pathname.split('/').pop()?.toLowerCase() ?? 'tab1';
  const list = useQuery({ queryKey: ['fweb-subjects'], queryFn: () => fwebApi.subjects() });
  const id = params.get('id') ?? list.data?.list.find((s) => s.status !== 'draft')?.id ?? list.data?.list[0]?.id ?? '';
  const q = useQuery({ queryKey: ['fweb-subject', id], queryFn: () => fwebApi.subject(id), enabled: !!id });
  const go = (t: string, sid = id) => navigate(`${FW}/tb/${t}?id=${encodeURIComponent(sid)}`);
  if (!list.isPending && !id)
    return (
      <Card title="课题进度">
        <Empty description="暂无课题" />
      </Card>
    );
  return (
    <Card
      title="课题进度"
      loading={!q.data}
      extra={
        <Space>
          选择课题
          <Select
            aria-label="选择课题"
            style={{ width: 320 }}
            value={id || undefined}
            onChange={(v) => go(tab, v)}
            options={(list.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Space>
      }
    >
      {q.data && (
        <Tabs
          activeKey={tab}
          onChange={(k) => go(k)}
          items={TABS.map(([k, label]) => ({
            key: k,
            label,
            children: k === 'tab1' ? <BaseInfo s={q.data} /> : <ReportForm s={q.data} kind={KIND[k]} />,
          }))}
        />
      )}
    </Card>
  );
}
