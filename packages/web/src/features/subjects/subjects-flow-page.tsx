import { lazy, Suspense } from 'react';
import { Card, Col, Empty, Row, Spin, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SUBJECT_STATUS_LABELS, type SubjectStats } from '@oa/shared/contract/subjects';
import { subjectsApi } from './subjects.api';

// ECharts only on this page, loaded lazily
const Chart = lazy(() => import('./subjects-chart'));

/** /tb/flow — progress situation: subjects by status and by batch, overdue milestones. */
export default function SubjectsFlowPage() {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['subject-stats'], queryFn: subjectsApi.stats });
  const s: SubjectStats | undefined = q.data;
  const statusOption = s && {
    tooltip: { trigger: 'item' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      { type: 'pie', radius: ['40%', '70%'], data: s.byStatus.map((x) => ({ name: SUBJECT_STATUS_LABELS[x.status], value: x.count })) },
    ],
  };
  const batchOption = s && {
    tooltip: { trigger: 'axis' },
    legend: { data: ['课题数', '经费（万元）'] },
    xAxis: { type: 'category', data: s.byBatch.map((b) => b.batchName), axisLabel: { interval: 0, width: 120, overflow: 'truncate' } },
    yAxis: [
      { type: 'value', name: '课题数', minInterval: 1 },
      { type: 'value', name: '万元' },
    ],
    series: [
      { name: '课题数', type: 'bar', data: s.byBatch.map((b) => b.count) },
      { name: '经费（万元）', type: 'line', yAxisIndex: 1, data: s.byBatch.map((b) => Math.round(b.budget / 100) / 100) },
    ],
  };
  return (
    <div className="oa-page" data-testid="subjects-flow">
      <Row gutter={16}>
        <Col span={10}>
          <Card title="课题状态分布" loading={q.isPending}>
            {s &&
              (s.byStatus.length ? (
                <Suspense fallback={<Spin />}>
                  <Chart option={statusOption!} style={{ height: 320 }} />
                </Suspense>
              ) : (
                <Empty />
              ))}
          </Card>
        </Col>
        <Col span={14}>
          <Card title="各批次课题与经费" loading={q.isPending}>
            {s &&
              (s.byBatch.length ? (
                <Suspense fallback={<Spin />}>
                  <Chart option={batchOption!} style={{ height: 320 }} />
                </Suspense>
              ) : (
                <Empty />
              ))}
          </Card>
        </Col>
      </Row>
      <Card title="逾期里程碑" style={{ marginTop: 16 }} loading={q.isPending}>
        <Table
          rowKey={(r) => `${r.id}-${r.milestone}`}
          dataSource={s?.overdue ?? []}
          pagination={false}
          locale={{ emptyText: '没有逾期的课题' }}
          onRow={(r) => ({ onClick: () => void navigate(`/tb/info?id=${encodeURIComponent(r.id)}`), style: { cursor: 'pointer' } })}
          columns={[
            { title: '课题编号', dataIndex: 'code' },
            { title: '课题名称', dataIndex: 'name' },
            { title: '里程碑', dataIndex: 'milestone', render: (v: string) => <Tag color="orange">{v}</Tag> },
            { title: '应完成日期', dataIndex: 'due' },
            { title: '逾期天数', dataIndex: 'days', render: (v: number) => <Tag color="red">{v} 天</Tag> },
          ]}
        />
      </Card>
    </div>
  );
}
