import { Card, Descriptions, Empty, List, Tag, Typography } from 'antd';
import { useQueries, useQuery } from '@tanstack/react-query';
import { SUBJECT_STATUS_COLORS, SUBJECT_STATUS_LABELS } from '@oa/shared/contract/subjects';
import { fwebApi } from './fweb.api';

/** /foundationForWeb/approve — the review outcome of my submitted subjects (scores and opinions once decided). */
export default function FwebApprovePage() {
  const q = useQuery({ queryKey: ['fweb-subjects'], queryFn: () => fwebApi.subjects() });
  const submitted = (q.data?.list ?? []).filter((s) => s.status !== 'draft');
  const details = useQueries({
    queries: submitted.map((s) => ({ queryKey: ['fweb-subject', s.id], queryFn: () => fwebApi.subject(s.id) })),
  });
  return (
    <Card title="评审结果" loading={q.isPending} data-testid="fweb-approve">
      {submitted.length === 0 && <Empty description="暂无已提交的课题" />}
      {details.map((d, i) => {
        const s = d.data;
        if (!s) return <Card key={submitted[i].id} loading style={{ marginBottom: 12 }} />;
        return (
          <Card
            key={s.id}
            type="inner"
            style={{ marginBottom: 12 }}
            title={s.name}
            extra={<Tag color={SUBJECT_STATUS_COLORS[s.status]}>{SUBJECT_STATUS_LABELS[s.status]}</Tag>}
          >
            <Descriptions size="small" column={3}>
              <Descriptions.Item label="课题编号">{s.code ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="申报批次">{s.batchName}</Descriptions.Item>
              <Descriptions.Item label="专家平均分">{s.reviews.length ? (s.scoreAvg ?? '—') : '评审结果尚未公布'}</Descriptions.Item>
            </Descriptions>
            {s.reviews.length > 0 && (
              <List
                size="small"
                dataSource={s.reviews}
                renderItem={(r) => (
                  <List.Item>
                    <Typography.Text strong>{r.expertName}</Typography.Text>：{r.score} 分 · {r.opinion}
                  </List.Item>
                )}
              />
            )}
          </Card>
        );
      })}
    </Card>
  );
}
