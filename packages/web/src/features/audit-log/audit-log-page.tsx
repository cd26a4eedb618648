import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { FileExcelOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AUDIT_RESULT_LABELS,
  AUDIT_RESULTS,
  type AuditFilter,
  type AuditItem,
  type AuditState,
  type ChainReportDto,
} from '@oa/shared/contract/audit-log';
import { chinaDateTime } from '@oa/shared/format/china-time';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { auditLogApi } from './audit-log.api';
import { AuditDetailDrawer } from './audit-detail-drawer';

const PAGE_SIZE = 20;

interface FilterForm {
  range?: [Dayjs | null, Dayjs | null] | null;
  userCode?: string;
  action?: string;
  target?: string;
  result?: AuditFilter['result'];
}

const filterOf = (v: FilterForm): AuditFilter => ({
  from: v.range?.[0]?.startOf('day').toISOString(),
  to: v.range?.[1]?.endOf('day').toISOString(),
  userCode: v.userCode?.trim() || undefined,
  action: v.action?.trim() || undefined,
  target: v.target?.trim() || undefined,
  result: v.result,
});

/** The chain's state: its head, the rows still live, the retention, the last verification, the archives. */
function ChainState({ s, report }: { s: AuditState; report: ChainReportDto | null }) {
  const v = s.lastVerification;
  return (
    <>
      <Descriptions size="small" column={4} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="链头">第 {s.headSeq} 条</Descriptions.Item>
        <Descriptions.Item label="在线记录">{s.liveRows} 条</Descriptions.Item>
        <Descriptions.Item label="保存期限">{s.retentionDays} 天（到期转入签名归档）</Descriptions.Item>
        <Descriptions.Item label="已归档">
          {s.archives.length ? `${s.archives.reduce((n, a) => n + a.rows, 0)} 条，${s.archives.length} 个文件` : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="最近校验" span={4}>
          {v ? (
            <Space>
              <Tag color={v.intact ? 'green' : 'red'}>{v.intact ? '完整' : '断开'}</Tag>
              {chinaDateTime(v.at)} {v.userCode ?? ''}：{v.message}
            </Space>
          ) : (
            '尚未校验'
          )}
        </Descriptions.Item>
      </Descriptions>
      {report && <Alert type={report.intact ? 'success' : 'error'} showIcon message={report.message} style={{ marginBottom: 12 }} />}
    </>
  );
}

/** /auditLog (安全审计): the audit administrator reads the trail, checks its SM3 chain and exports it; nothing here changes it. */
export default function AuditLogPage() {
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [open, setOpen] = useState<number | null>(null);
  const [report, setReport] = useState<ChainReportDto | null>(null);
  const [busy, setBusy] = useState<'verify' | 'export' | null>(null);
  const qc = useQueryClient();
  const after = cursors[cursors.length - 1] ?? null;
  const list = useQuery({ queryKey: ['auditLog', 'list', filter, after], queryFn: () => auditLogApi.list(filter, PAGE_SIZE, after) });
  const state = useQuery({ queryKey: ['auditLog', 'state'], queryFn: auditLogApi.state });

  const search = (v: FilterForm) => {
    setFilter(filterOf(v));
    setCursors([null]);
  };
  const run = async (kind: 'verify' | 'export') => {
    setBusy(kind);
    try {
      if (kind === 'verify') {
        setReport(await auditLogApi.verify());
        await qc.invalidateQueries({ queryKey: ['auditLog'] });
      } else await auditLogApi.exportXlsx(filter);
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const page = list.data;
  return (
    <Card
      size="small"
      title="安全审计"
      extra={
        <Space>
          <Button icon={<SafetyCertificateOutlined />} loading={busy === 'verify'} onClick={() => void run('verify')}>
            校验完整性
          </Button>
          <Button icon={<FileExcelOutlined />} loading={busy === 'export'} onClick={() => void run('export')}>
            导出 Excel
          </Button>
        </Space>
      }
    >
      {state.data && <ChainState s={state.data} report={report} />}
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="range" label="时间">
          <DatePicker.RangePicker aria-label="时间范围" />
        </Form.Item>
        <Form.Item name="userCode" label="账号">
          <Input allowClear placeholder="如 admin" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="action" label="事件代码">
          <Input allowClear placeholder="如 user 或 dept.update" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="target" label="对象">
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="result" label="结果">
          <Select allowClear style={{ width: 100 }} options={AUDIT_RESULTS.map((r) => ({ value: r, label: AUDIT_RESULT_LABELS[r] }))} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={() => (form.resetFields(), search({}))}>重置</Button>
          </Space>
        </Form.Item>
      </Form>
      {list.isError && <Alert type="error" showIcon message={errorMessage(list.error)} style={{ marginBottom: 12 }} />}
      <Table<AuditItem>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={page?.list ?? []}
        pagination={false}
        columns={[
          { title: '序号', dataIndex: 'seq', width: 80 },
          { title: '时间', dataIndex: 'at', width: 170, render: (v: string) => chinaDateTime(v) },
          {
            title: '账号',
            dataIndex: 'userCode',
            width: 150,
            render: (v: string | null, r) => (v ? `${r.userName ?? ''} ${v}`.trim() : '（无）'),
          },
          { title: '来源地址', dataIndex: 'ip', width: 130 },
          { title: '事件', dataIndex: 'actionLabel', width: 150, render: (v: string, r) => <span title={r.action}>{v}</span> },
          { title: '对象', dataIndex: 'target', ellipsis: true },
          {
            title: '结果',
            dataIndex: 'result',
            width: 80,
            render: (v: AuditItem['result']) => (
              <Tag color={v === 'ok' ? 'green' : v === 'denied' ? 'volcano' : 'red'}>{AUDIT_RESULT_LABELS[v]}</Tag>
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 110,
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                {r.hasChange ? '查看变更' : '详情'}
              </Button>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}>
        <Typography.Text type="secondary">
          共 {page ? `${page.total}${page.totalCapped ? '+' : ''}` : '…'} 条，第 {cursors.length} 页
        </Typography.Text>
        <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          上一页
        </Button>
        <Button disabled={!page?.nextCursor} onClick={() => setCursors((c) => [...c, page!.nextCursor!])}>
          下一页
        </Button>
      </Space>
      <AuditDetailDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
