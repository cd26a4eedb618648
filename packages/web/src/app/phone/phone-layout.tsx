import { Suspense } from 'react';
import { Badge } from 'antd';
import { AppstoreOutlined, CheckSquareOutlined, CopyOutlined, FileDoneOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { NavLink, Outlet } from 'react-router';
import { useLiveCounts } from '../../features/pending/live-counts';
import { PHONE_BASE } from '../../lib/phone-device';

/** The phone app's frame: the page, then a bottom tab bar (each tab a 56 px touch target) with the unread counts. */
export function PhoneLayout() {
  return (
    <div className="m-frame">
      <main className="m-main">
        {/* the lists are lazy (phone-app.tsx): the frame stays while one is brought in */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <PhoneTabBar />
    </div>
  );
}

/** The tab bar alone follows the counts: a new count (the stream's, the poll's) does not render the page again. */
function PhoneTabBar() {
  const counts = useLiveCounts().data;
  const tabs = [
    { to: PHONE_BASE, end: true, icon: <CheckSquareOutlined />, label: '待办', count: counts?.todo },
    { to: `${PHONE_BASE}/done`, icon: <FileDoneOutlined />, label: '已办' },
    { to: `${PHONE_BASE}/cc`, icon: <CopyOutlined />, label: '抄送', count: counts?.cc },
    { to: `${PHONE_BASE}/mine`, icon: <SendOutlined />, label: '我的申请' },
    { to: `${PHONE_BASE}/apps`, icon: <AppstoreOutlined />, label: '应用' },
    { to: `${PHONE_BASE}/me`, icon: <UserOutlined />, label: '我的', count: counts?.notifications },
  ];
  return (
    <nav className="m-tabbar" aria-label="主导航" data-testid="m-tabbar">
      {tabs.map((t) => (
        <NavLink key={t.to} to={t.to} end={t.end} className={({ isActive }) => (isActive ? 'm-tab m-tab-active' : 'm-tab')}>
          <Badge count={t.count ?? 0} size="small" offset={[6, 0]}>
            <span className="m-tab-icon">{t.icon}</span>
          </Badge>
          <span className="m-tab-label">{t.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
