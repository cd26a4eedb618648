import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Card, Empty, Input, Segmented, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SUPERVISE_COLOR_TEXT } from '@oa/shared/contract/supervise';
import { notifyError } from '../../lib/notify-error';
import { feedback } from '../../lib/feedback';
import { useListPager } from '../../lib/list-pager';
import { superviseApi } from './supervise.api';
import { SuperviseTable, colorOf } from './supervise-table';

const RateChart = lazy(() => import('./supervise-rate-chart'));
const COLORS = ['red', 'yellow', 'blue'] as const;
const BADGE = { red: '#f5222d', yellow: '#faad14', blue: '#1890ff' } as const;

/** /SuperviseManage — 督办管理: every task with its colour (blue due within 3 days, yellow behind, red overdue), 催办, on-time rates. */
export default function SuperviseManagePage() {
  const navigate = useNavigate();
  const { page, reset, pagination } = useListPager();
  const [color, setColor] = useState<string>('all');
  const [keyword, setKeyword] = useState<string | undefined>();
  const open = useQuery({
    queryKey: ['supervise', 'all-open'],
    queryFn: () => superviseApi.list({ pageNumber: 1, pageSize: 500, scope: 'all', status: 'open' }),
  });
  const q = useQuery({
    queryKey: ['supervise', 'all', page, keyword],
    queryFn: () => superviseApi.list({ ...page, scope: 'all', keyword }),
    enabled: color === 'all',
  });
  const stats = useQuery({ queryKey: ['supervise', 'stats'], queryFn: superviseApi.stats });
  const openTasks = open.data?.list ?? [];
  const count = (c: string) => openTasks.filter((t) => colorOf(t) === c).length;
  const filtered = color === 'all' ? null : openTasks.filter((t) => colorOf(t) === color && (!keyword || t.title.includes(keyword)));
  const urge = async (id: string) => {
    try {
      await superviseApi.urge(id);
      feedback().message.success('已催办（待办消息与短信）');
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <div className="oa-page" data-testid="supervise-manage-page">
      <Card title="各部门按期办结率" size="small" style={{ marginBottom: 16 }}>
        {stats.data?.length ? (
          <Suspense fallback={<Spin />}>
            <RateChart stats={stats.data} />
          </Suspense>
        ) : stats.isPending ? (
          <Spin />
        ) : (
          <Empty description="暂无数据" />
        )}
      </Card>
      <Card
        title="督办管理"
        extra={
          <Space>
            <Segmented
              value={color}
              onChange={(v) => {
                setColor(String(v));
                reset();
              }}
              options={[
                { value: 'all', label: '全部' },
                ...COLORS.map((c) => ({
                  value: c,
                  label: (
                    <Space size={4}>
                      <Badge color={BADGE[c]} />
                      {SUPERVISE_COLOR_TEXT[c]} {count(c)}
                    </Space>
                  ),
                })),
              ]}
            />
            <Input.Search
              allowClear
              placeholder="督办事项"
              aria-label="督办事项"
              style={{ width: 180 }}
              onSearch={(v) => setKeyword(v || undefined)}
            />
          </Space>
        }
      >
        <SuperviseTable
          data={filtered ?? q.data?.list ?? []}
          loading={color === 'all' ? q.isPending : open.isPending}
          onOpen={(t) => navigate(`/supervise/exec?id=${t.id}`)}
          actions={(t) =>
            t.status !== 'closed' && colorOf(t) !== 'none' ? (
              <Button type="link" size="small" danger onClick={() => void urge(t.id)}>
                催办
              </Button>
            ) : null
          }
          pagination={filtered ? { pageSize: 10 } : pagination(q.data)}
        />
      </Card>
    </div>
  );
}
