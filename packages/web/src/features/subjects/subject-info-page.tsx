import { Card, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubjectItem } from '@oa/shared/contract/subjects';
import { useTabRoute } from '../../lib/tab-route';
import { subjectsApi } from './subjects.api';
import { subjectColumns } from './subject-columns';
import { SubjectDetailView } from './subject-detail';

function ReviewQueue() {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['subject-review-queue'], queryFn: subjectsApi.reviewQueue });
  return (
    <Card title="我的评审任务" data-testid="subject-review-queue">
      <Table<SubjectItem & { scoredAt: string | null }>
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data ?? []}
        pagination={false}
        onRow={(s) => ({ onClick: () => void navigate(`/tb/info?id=${encodeURIComponent(s.id)}`), style: { cursor: 'pointer' } })}
        columns={[
          ...subjectColumns<SubjectItem & { scoredAt: string | null }>().slice(0, 6),
          {
            title: '评审',
            dataIndex: 'scoredAt',
            render: (v: string | null) => (v ? <Tag color="success">已评审</Tag> : <Tag color="processing">待评审</Tag>),
          },
        ]}
      />
    </Card>
  );
}

/** /tb/info — a subject (from a list, the to-do centre or the review queue); without id, my review tasks. /tb/info_base: its base info. */
export default function SubjectInfoPage() {
  const [params] = useSearchParams();
  const { path } = useTabRoute();
  const id = params.get('id');
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['subject', id], queryFn: () => subjectsApi.detail(id!), enabled: !!id });
  if (!id)
    return (
      <div className="oa-page">
        <ReviewQueue />
      </div>
    );
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['subject', id] });
    void qc.invalidateQueries({ queryKey: ['subjects'] });
    void qc.invalidateQueries({ queryKey: ['subject-review-queue'] });
  };
  const base = path.toLowerCase() === '/tb/info_base';
  return (
    <div className="oa-page" data-testid="subject-info-page">
      <Card title={base ? '申报基本信息' : '课题详情'} loading={q.isPending}>
        {q.data && <SubjectDetailView s={q.data} onChanged={refresh} only={base ? 'base' : undefined} />}
      </Card>
    </div>
  );
}
