import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, List, Space, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import { useLiveCounts } from './live-counts';
import { moduleName, previewPath } from './pending.api';
import { todoWidgetQuery } from './pending-home-queries';
import { formatTime } from '../../components/instance-status';
import { actionLink } from '../../lib/action-link';

/** The home page's to-do card: my to-do count, unread CC / messages and the latest to-do items. */
export function TodoWidget() {
  const navigate = useNavigate();
  const counts = useLiveCounts();
  const latest = useQuery(todoWidgetQuery);
  const c = counts.data;
  return (
    <Card title="我的待办" extra={<a {...actionLink(() => navigate('/process'), 'link')}>查看全部</a>} data-testid="todo-widget">
      <Space size={40} style={{ marginBottom: 12 }}>
        <a {...actionLink(() => navigate('/process?tab=todo'), 'link')}>
          <Statistic title="待办" value={c?.todo ?? 0} styles={{ content: { color: '#fa8c16' } }} data-testid="todo-count" />
        </a>
        <a {...actionLink(() => navigate('/process?tab=toRead'), 'link')}>
          <Statistic title="待阅" value={c?.toRead ?? 0} data-testid="to-read-count" />
        </a>
        <a {...actionLink(() => navigate('/process?tab=cc'), 'link')}>
          <Statistic title="未读抄送" value={c?.cc ?? 0} />
        </a>
        <a {...actionLink(() => navigate('/message'), 'link')}>
          <Statistic title="未读消息" value={c?.notifications ?? 0} />
        </a>
      </Space>
      <List
        size="small"
        loading={latest.isLoading}
        dataSource={latest.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办，工作都处理完了" /> }}
        renderItem={(t) => (
          <List.Item
            style={{ cursor: 'pointer', display: 'flex', gap: 12 }}
            onClick={() => {
              const p = previewPath(t.moduleCode, t.recordId);
              if (p) navigate(p);
            }}
          >
            <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              <Badge status="processing" />
              <span style={{ marginLeft: 8 }}>
                [{moduleName(t.moduleCode)}] {t.title}
              </span>
              <span style={{ color: '#666', marginLeft: 8 }}>{t.nodeName}</span>
            </span>
            <span style={{ color: '#666', fontSize: 12, flex: 'none' }}>{formatTime(t.createdAt)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
