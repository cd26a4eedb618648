import { Card, List, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { subjectsApi } from './subjects.api';
import { actionLink } from '../../lib/action-link';

/** Home widget (工作 tab): the subjects waiting for my expert review. */
export function SubjectsHomeWidget() {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['subject-review-queue'], queryFn: subjectsApi.reviewQueue });
  const open = (q.data ?? []).filter((s) => !s.scoredAt);
  return (
    <Card title="待我评审的课题" size="small" extra={<a {...actionLink(() => navigate('/tb/info'), 'link')}>全部</a>} loading={q.isPending}>
      <List
        size="small"
        dataSource={open.slice(0, 5)}
        locale={{ emptyText: '暂无评审任务' }}
        renderItem={(s) => (
          <List.Item
            onClick={() => navigate(`/tb/info?id=${encodeURIComponent(s.id)}`)}
            style={{ cursor: 'pointer' }}
            extra={<Tag color="processing">待评审</Tag>}
          >
            {s.code} {s.name}
          </List.Item>
        )}
      />
    </Card>
  );
}
