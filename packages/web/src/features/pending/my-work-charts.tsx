import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { moduleName } from './pending.api';
import { myStatsQuery } from './pending-home-queries';
import { INSTANCE_STATUS } from '../../components/instance-status';
import { actionLink } from '../../lib/action-link';
import { useAfterPaint } from '../../lib/after-paint';

// ECharts is large: loaded only when a chart is shown (ARCHITECTURE.md §2), and after the first paint of 首页
const Chart = lazy(() => import('./echart'));

const STATUS_COLORS: Record<string, string> = {
  running: '#1890ff',
  approved: '#52c41a',
  rejected: '#ff4d4f',
  returned: '#faad14',
  withdrawn: '#bfbfbf',
  terminated: '#a8071a',
};

/** 首页 summary: my applications by status (pie), my applications and handled to-dos per month (bars), by business. */
export function MyWorkCharts() {
  const navigate = useNavigate();
  const stats = useQuery(myStatsQuery);
  const painted = useAfterPaint();
  const s = stats.data;
  const total = s?.byStatus.reduce((n, x) => n + x.count, 0) ?? 0;
  const handled = s?.byMonth.reduce((n, x) => n + x.handled, 0) ?? 0;
  const empty = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} style={{ padding: '48px 0' }} />;
  const fallback = <Skeleton active paragraph={{ rows: 5 }} />;
  const chart = (option: object, label: string) =>
    painted ? (
      <Suspense fallback={fallback}>
        <Chart option={option} label={label} />
      </Suspense>
    ) : (
      fallback
    );

  const pie = s && {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 件（{d}%）' },
    legend: { bottom: 0, icon: 'circle' },
    series: [
      {
        type: 'pie',
        radius: ['42%', '70%'],
        center: ['50%', '44%'],
        label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 600 },
        data: s.byStatus.map((x) => ({
          name: INSTANCE_STATUS[x.status].text,
          value: x.count,
          itemStyle: { color: STATUS_COLORS[x.status] },
        })),
      },
    ],
  };
  const bars = s && {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 36, right: 16, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: s.byMonth.map((m) => `${Number(m.month.slice(5))}月`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '我发起的申请', type: 'bar', barMaxWidth: 22, itemStyle: { color: '#1890ff' }, data: s.byMonth.map((m) => m.applied) },
      { name: '我处理的待办', type: 'bar', barMaxWidth: 22, itemStyle: { color: '#13c2c2' }, data: s.byMonth.map((m) => m.handled) },
    ],
  };
  const modules = s && {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 96, right: 24, top: 16, bottom: 24 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: s.byModule.slice(0, 6).map((m) => moduleName(m.moduleCode)) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 18,
        itemStyle: { color: '#722ed1' },
        label: { show: true, position: 'right' },
        data: s.byModule.slice(0, 6).map((m) => m.count),
      },
    ],
  };

  return (
    <Row gutter={[16, 16]} data-testid="my-work-charts">
      <Col xs={24} lg={8}>
        <Card title="我的申请（近6个月）" size="small" extra={<a {...actionLink(() => navigate('/process?tab=mine'), 'link')}>查看</a>}>
          {stats.isLoading
            ? fallback
            : total === 0
              ? empty('近6个月没有发起申请，提交申请后这里按状态统计')
              : chart(pie!, '我的申请按状态')}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="每月工作量" size="small">
          {stats.isLoading
            ? fallback
            : total + handled === 0
              ? empty('近6个月没有申请或审批记录，这里按月统计您发起的申请和处理的待办')
              : chart(bars!, '每月工作量')}
        </Card>
      </Col>
      <Col xs={24} lg={6}>
        <Card title="申请业务分布" size="small">
          {stats.isLoading ? fallback : total === 0 ? empty('发起申请后，这里显示各业务的申请数') : chart(modules!, '申请业务分布')}
        </Card>
      </Col>
    </Row>
  );
}
