import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, List } from 'antd';
import { useNavigate } from 'react-router';
import { previewPath } from './pending.api';
import { notificationsWidgetQuery } from './pending-home-queries';
import { formatTime } from '../../components/instance-status';
import { actionLink } from '../../lib/action-link';

/** My latest notifications (approval results, urges, returns): unread in bold, a click opens the record. */
export function NotificationsWidget() {
  const navigate = useNavigate();
  const list = useQuery(notificationsWidgetQuery);
  return (
    <Card title="消息通知" extra={<a {...actionLink(() => navigate('/message'), 'link')}>查看全部</a>} data-testid="notifications-widget">
      <List
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息，审批结果、催办和退回会通知到这里" /> }}
        renderItem={(n) => (
          <List.Item
            style={{ cursor: 'pointer', display: 'flex', gap: 12, fontWeight: n.readAt ? 400 : 600 }}
            onClick={() => {
              const p = previewPath(n.moduleCode, n.recordId);
              navigate(p ?? '/message');
            }}
          >
            <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              <Badge status={n.readAt ? 'default' : 'error'} />
              <span style={{ marginLeft: 8 }}>{n.title}</span>
            </span>
            <span style={{ color: '#666', fontSize: 12, flex: 'none', fontWeight: 400 }}>{formatTime(n.createdAt)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
