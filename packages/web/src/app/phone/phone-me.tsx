import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal } from 'antd';
import { DesktopOutlined, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@oa/shared/contract/workflow';
import { pendingApi, previewPath } from '../../features/pending/pending.api';
import { PushSwitchCard } from '../../features/personal/push-switch-card';
import { formatTime } from '../../components/instance-status';
import { ROUTER_BASENAME } from '../../lib/api-prefix';
import { PHONE_BASE, setPrefersDesktop } from '../../lib/phone-device';
import { logout } from '../../state/session-actions';
import { useSession } from '../../state/session.store';
import { phoneItemPath } from './phone-paths';

/** 我的: who is signed in, the latest messages (results, returns, @ mentions…), notifications on this phone, 电脑版, 退出. */
export function PhoneMe() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const messages = useQuery({
    queryKey: ['pending', 'phone', 'messages'],
    queryFn: () => pendingApi.notifications({ pageNumber: 1, pageSize: 20 }),
  });
  const open = async (n: NotificationItem) => {
    if (!n.readAt) await pendingApi.readNotifications([n.id]).catch(() => undefined);
    void qc.invalidateQueries({ queryKey: ['pending'] });
    const to = n.moduleCode && n.recordId ? (phoneItemPath(n.moduleCode, n.recordId) ?? previewPath(n.moduleCode, n.recordId)) : null;
    if (to) navigate(to);
  };
  const signOut = () =>
    Modal.confirm({
      title: '温馨提示',
      content: '确定退出登录吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        navigate(`${PHONE_BASE}/login`, { replace: true });
      },
    });
  const list = messages.data?.list ?? [];
  return (
    <div className="m-page" data-testid="m-me">
      <header className="m-bar">
        <h1>我的</h1>
      </header>
      <section className="m-card m-profile">
        <div className="m-avatar" aria-hidden>
          {user?.userName?.slice(-2) ?? ''}
        </div>
        <div>
          <div className="m-card-title">{user?.userName}</div>
          <div className="m-card-line">{[user?.deptName, user?.userCode].filter(Boolean).join(' · ')}</div>
        </div>
      </section>
      <h2 className="m-section">消息</h2>
      {list.length === 0 ? (
        <Empty className="m-empty" description={messages.isLoading ? '加载中…' : '暂无消息'} />
      ) : (
        <ul className="m-cards" data-testid="m-messages">
          {list.map((n) => (
            <li key={n.id}>
              <button type="button" className="m-card m-card-link" onClick={() => void open(n)} data-testid="m-message">
                <span className="m-card-title">
                  {n.readAt ? null : <span className="m-dot" aria-label="未读" />}
                  {n.title}
                </span>
                <span className="m-card-line">{n.content}</span>
                <span className="m-card-foot">
                  <span />
                  <span>{formatTime(n.createdAt)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="m-push">
        <PushSwitchCard />
      </div>
      <div className="m-buttons">
        <Button
          block
          size="large"
          icon={<DesktopOutlined />}
          onClick={() => {
            setPrefersDesktop(true);
            window.location.assign(`${ROUTER_BASENAME}/dashboard`);
          }}
        >
          电脑版
        </Button>
        <Button block size="large" danger icon={<LogoutOutlined />} onClick={signOut}>
          退出登录
        </Button>
      </div>
    </div>
  );
}
