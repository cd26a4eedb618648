import { Suspense, lazy, useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Empty, Select, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { chinaMonth } from '@oa/shared/format/china-time';
import { durationText } from '@oa/shared/format/duration';
import { monthBefore, type StepFigures, type StepStatsQuery } from '@oa/shared/contract/workflow-stats';
import { notifyError } from '../../lib/notify-error';
import { stepStatsApi } from './step-stats.api';

const StepStatsChart = lazy(() => import('./step-stats-chart'));
const time = (ms: number | null) => (ms == null ? '—' : durationText(ms));
const figureColumns = [
  { title: '次数', dataIndex: 'count', width: 90, align: 'right' as const },
  { title: '中位用时', dataIndex: 'medianMs', width: 120, render: time },
  { title: '90%用时', dataIndex: 'p90Ms', width: 120, render: time },
  { title: '平均用时', dataIndex: 'avgMs', width: 120, render: time },
];

const stepColumns = [
  { title: '步骤', dataIndex: 'nodeName', width: 180 },
  ...figureColumns,
  {
    title: '督办时限',
    dataIndex: 'limitHours',
    width: 100,
    render: (h: number | null) => (h == null ? <Typography.Text type="secondary">不限</Typography.Text> : `${h} 小时`),
  },
  {
    title: '当前超时',
    dataIndex: 'overdueNow',
    width: 100,
    render: (n: number, s: StepFigures) => (s.limitHours == null ? '—' : n ? <Tag color="red">{n} 项</Tag> : <Tag color="green">0</Tag>),
  },
  {
    title: '最慢的人',
    dataIndex: 'slowest',
    render: (people: StepFigures['slowest']) =>
      people.length ? (
        <Space size={[4, 4]} wrap>
          {people.map((p) => (
            <Tag key={p.userCode} title={`${p.count} 次，平均 ${time(p.avgMs)}`}>
              {p.userName} · {time(p.medianMs)}
            </Tag>
          ))}
        </Space>
      ) : (
        '—'
      ),
  },
];

/** /workflow/stats — 流程用时: per process and step how many, median and 90% time, overdue now, the slowest people; by month and department. */
export default function StepStatsPage() {
  const now = chinaMonth();
  const [q, setQ] = useState<Partial<StepStatsQuery>>({ monthFrom: monthBefore(now, 5), monthTo: now });
  const options = useQuery({ queryKey: ['workflow', 'stats', 'options'], queryFn: stepStatsApi.options, staleTime: 60_000 });
  useEffect(() => {
    const first = options.data?.processes[0];
    if (first && !q.moduleCode) setQ((x) => ({ ...x, moduleCode: first.moduleCode }));
  }, [options.data, q.moduleCode]);
  const ready = q.moduleCode && q.monthFrom && q.monthTo ? (q as StepStatsQuery) : null;
  const stats = useQuery({
    queryKey: ['workflow', 'stats', ready],
    queryFn: () => stepStatsApi.steps(ready!),
    enabled: !!ready,
    placeholderData: keepPreviousData,
  });
  const data = stats.data;
  const [exporting, setExporting] = useState(false);
  const [view, setView] = useState('month');
  const exportXlsx = () => {
    if (!ready || !data) return;
    setExporting(true);
    stepStatsApi
      .exportXlsx(ready, data.processName)
      .catch(notifyError)
      .finally(() => setExporting(false));
  };
  const range: [Dayjs, Dayjs] = [dayjs(`${q.monthFrom}-01`), dayjs(`${q.monthTo}-01`)];

  return (
    <div className="oa-page" data-testid="step-stats-page">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          <span>流程</span>
          <Select
            aria-label="流程"
            data-testid="stats-process"
            style={{ width: 240 }}
            showSearch
            optionFilterProp="label"
            loading={options.isLoading}
            value={q.moduleCode}
            onChange={(moduleCode: string) => setQ((x) => ({ ...x, moduleCode }))}
            options={options.data?.processes.map((p) => ({ value: p.moduleCode, label: p.name }))}
          />
          <span>月份</span>
          <DatePicker.RangePicker
            picker="month"
            allowClear={false}
            value={range}
            onChange={(v) =>
              v?.[0] && v[1] && setQ((x) => ({ ...x, monthFrom: v[0]!.format('YYYY-MM'), monthTo: v[1]!.format('YYYY-MM') }))
            }
          />
          <span>部门</span>
          <Select
            aria-label="部门"
            style={{ width: 160 }}
            allowClear
            placeholder="全部部门"
            showSearch
            optionFilterProp="label"
            value={q.deptCode}
            onChange={(deptCode?: string) => setQ((x) => ({ ...x, deptCode }))}
            options={options.data?.depts.map((d) => ({ value: d.deptCode, label: d.deptName }))}
          />
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!data} onClick={exportXlsx}>
            导出
          </Button>
        </Space>
      </Card>
      <Spin spinning={stats.isFetching}>
        {!data ? (
          <Card>
            <Empty description={options.data && !options.data.processes.length ? '暂无已发布的流程' : '请选择流程'} />
          </Card>
        ) : (
          <>
            <Card size="small" title={`${data.processName} · 各步骤用时`} style={{ marginBottom: 12 }}>
              <Table rowKey="nodeId" size="small" pagination={false} dataSource={data.steps} columns={stepColumns} />
            </Card>
            <Card size="small" title="各步骤中位用时与 90% 用时（小时）" style={{ marginBottom: 12 }}>
              <Suspense fallback={<Spin />}>
                <StepStatsChart label={`${data.processName}各步骤用时`} rows={data.steps.map((s) => ({ ...s, name: s.nodeName }))} />
              </Suspense>
            </Card>
            <Card size="small">
              <Tabs
                activeKey={view}
                onChange={setView}
                items={[
                  {
                    key: 'month',
                    label: '按月',
                    children: (
                      <Table
                        rowKey="month"
                        size="small"
                        pagination={false}
                        dataSource={data.byMonth}
                        columns={[{ title: '月份', dataIndex: 'month', width: 120 }, ...figureColumns]}
                      />
                    ),
                  },
                  {
                    key: 'dept',
                    label: '按部门',
                    children: (
                      <Table
                        rowKey="deptCode"
                        size="small"
                        pagination={false}
                        dataSource={data.byDept}
                        columns={[{ title: '部门', dataIndex: 'deptName', width: 160 }, ...figureColumns]}
                      />
                    ),
                  },
                ]}
              />
            </Card>
          </>
        )}
      </Spin>
    </div>
  );
}
