import { Button, Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useListPager } from '../../lib/list-pager';
import { superviseApi } from './supervise.api';
import { SuperviseTable } from './supervise-table';

/** /supervise/execList — 待办督办: the open tasks and sub-tasks assigned to me. */
export default function SuperviseExecListPage() {
  const navigate = useNavigate();
  const { page, pagination } = useListPager();
  const q = useQuery({ queryKey: ['supervise', 'exec', page], queryFn: () => superviseApi.list({ ...page, scope: 'exec' }) });
  const open = (id: string) => navigate(`/supervise/exec?id=${id}`);
  return (
    <div className="oa-page" data-testid="supervise-exec-list-page">
      <Card title="待办督办">
        <SuperviseTable
          data={q.data?.list ?? []}
          loading={q.isPending}
          onOpen={(t) => open(t.id)}
          actions={(t) => (
            <Button type="link" size="small" onClick={() => open(t.id)}>
              {t.status === 'assigned' ? '接收' : '办理'}
            </Button>
          )}
          pagination={pagination(q.data)}
        />
      </Card>
    </div>
  );
}
