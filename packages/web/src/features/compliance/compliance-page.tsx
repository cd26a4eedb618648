import { useState } from 'react';
import { Alert, Button, Card, Space, Statistic, Table, Tag, Typography } from 'antd';
import { FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { COMPLIANCE_STATE_LABELS, type ComplianceControl, type ComplianceState } from '@oa/shared/contract/compliance';
import { chinaDateTime } from '@oa/shared/format/china-time';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { complianceApi } from './compliance.api';

const STATE_COLOR: Record<ComplianceState, string> = { pass: 'green', partial: 'orange', fail: 'red' };

/** /compliance (等保自查): each application-level control of GB/T 22239-2019 level 3, its state and evidence; PDF for the assessor. */
export default function CompliancePage() {
  const q = useQuery({ queryKey: ['compliance'], queryFn: complianceApi.report });
  const [exporting, setExporting] = useState(false);
  const exportPdf = async () => {
    setExporting(true);
    try {
      await complianceApi.exportPdf();
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };
  const r = q.data;
  return (
    <Card
      size="small"
      title="等保 2.0 第三级自查（GB/T 22239-2019 应用层面）"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
            重新检查
          </Button>
          <Button type="primary" icon={<FilePdfOutlined />} loading={exporting} disabled={!r} onClick={() => void exportPdf()}>
            导出 PDF
          </Button>
        </Space>
      }
    >
      {q.isError && <Alert type="error" showIcon message={errorMessage(q.error)} style={{ marginBottom: 12 }} />}
      {r && (
        <Space size={40} style={{ marginBottom: 16 }} wrap>
          <Statistic title="单位" value={r.association} />
          <Statistic title="检查时间" value={chinaDateTime(r.checkedAt)} />
          <Statistic title="达标" value={r.summary.pass} valueStyle={{ color: '#389e0d' }} />
          <Statistic title="部分达标" value={r.summary.partial} valueStyle={{ color: '#d48806' }} />
          <Statistic title="未达标" value={r.summary.fail} valueStyle={{ color: '#cf1322' }} />
        </Space>
      )}
      <Table<ComplianceControl>
        rowKey="id"
        size="middle"
        loading={q.isLoading}
        dataSource={r?.controls ?? []}
        pagination={false}
        columns={[
          { title: '类别', dataIndex: 'category', width: 110 },
          {
            title: '控制项',
            dataIndex: 'title',
            width: 260,
            render: (v: string, c) => (
              <>
                <Typography.Text strong>{v}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.requirement}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          { title: '条款', dataIndex: 'clause', width: 120 },
          {
            title: '状态',
            dataIndex: 'state',
            width: 100,
            render: (s: ComplianceState) => <Tag color={STATE_COLOR[s]}>{COMPLIANCE_STATE_LABELS[s]}</Tag>,
          },
          {
            title: '证据',
            dataIndex: 'evidence',
            render: (ev: ComplianceControl['evidence']) => (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {ev.map((e) => (
                  <li key={e.label}>
                    <Typography.Text type="secondary">{e.label}：</Typography.Text>
                    {e.value}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </Card>
  );
}
