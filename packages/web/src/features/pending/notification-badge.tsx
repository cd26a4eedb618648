import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useLiveCounts } from './live-counts';

/** Top-bar bell with the unread notification count (live); opens /message. */
export function NotificationBadge() {
  const navigate = useNavigate();
  const counts = useLiveCounts();
  const unread = counts.data?.notifications ?? 0;
  const todo = counts.data?.todo ?? 0;
  return (
    <Tooltip title={`未读消息 ${unread} 条，待办 ${todo} 件`}>
      <Button type="text" aria-label="消息通知" data-testid="notification-badge" data-count={unread} onClick={() => navigate('/message')}>
        <Badge count={unread} size="small" offset={[4, -2]} data-testid="notification-count">
          <BellOutlined style={{ fontSize: 17 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
