import { Card, Empty, List, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { superviseApi } from './supervise.api';
import { ColorTag } from './supervise-table';

/** 督办到期 — the home 工作 tab: my open supervision tasks by due date, coloured. */
export function SuperviseHomeWidget() {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['supervise', 'due'], queryFn: superviseApi.due, staleTime: 60_000 });
  return (
    <Card
      size="small"
      title="督办到期"
      extra={<Typography.Link onClick={() => navigate('/supervise/execList')}>更多</Typography.Link>}
      data-testid="supervise-home-widget"
    >
      <List
        loading={q.isPending}
        dataSource={q.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办督办" /> }}
        renderItem={(t) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate(`/supervise/exec?id=${t.id}`)}>
            <Space style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                {t.title}
              </Typography.Text>
              <Space size={4}>
                <Typography.Text type="secondary">{t.dueDate}</Typography.Text>
                <ColorTag task={t} />
              </Space>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
