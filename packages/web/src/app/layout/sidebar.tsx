import { useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { ContactsOutlined, MobileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NOTICE_S } from '@oa/shared/constants';
import { AppDownloadDialog } from '../../features/app-download/app-download-dialog';
import { fetchPublishedApp, type PublishedApp } from '../../features/app-download/app-download.api';
import { getClientConfig } from '../../lib/client-config';
import { feedback } from '../../lib/feedback';
import { useOnlySeparatedAdmin, useSession } from '../../state/session.store';
import { LogoMark } from '../../lib/logo-mark';
import { useSidebar } from '../../state/sidebar.store';
import { SidebarMenu } from './sidebar-menu';

interface SidebarProps {
  collapsed: boolean;
  onOpenContacts: () => void;
}

/** Left sidebar: logo with the user's name (→ /personal), the menu, 通讯录 and APP下载. */
export function Sidebar({ collapsed, onOpenContacts }: SidebarProps) {
  const user = useSession((s) => s.user);
  const textScale = useSidebar((s) => s.textScale);
  const adminOnly = useOnlySeparatedAdmin();
  const isRobot = Boolean(user && user.userCode === getClientConfig().robotUserCode) || adminOnly;
  const [shownApp, setShownApp] = useState<PublishedApp | null>(null);

  const appQuery = useQuery({
    queryKey: ['published-app'],
    queryFn: fetchPublishedApp,
    enabled: Boolean(user) && !isRobot,
    staleTime: 300_000,
  });

  const openApp = async () => {
    const { data } = await appQuery.refetch();
    if (data) setShownApp(data);
    else feedback().message.warning({ content: '暂未找到已发布的APP资源', duration: NOTICE_S });
  };

  const extras: MenuProps['items'] = isRobot
    ? []
    : [
        { key: 'contacts', icon: <ContactsOutlined />, label: '通讯录' },
        ...(appQuery.data ? [{ key: 'app', icon: <MobileOutlined />, label: 'APP下载' }] : []),
      ];

  return (
    <Layout.Sider
      className={`oa-sider${collapsed ? ' oa-sider-collapsed' : ''}`}
      width={Math.round(210 * Math.min(textScale, 1.5))}
      collapsedWidth={Math.round(80 * textScale)}
      collapsed={collapsed}
      trigger={null}
      theme="dark"
    >
      <Link to="/personal" className="oa-logo" title="个人中心" data-testid="sidebar-logo">
        <LogoMark className="oa-logo-mark" />
        {!collapsed && (
          <span className="oa-logo-text">
            <span className="oa-logo-name">{user?.userName ?? ''}</span>
            <span className="oa-logo-sub">{user?.deptName ?? '个人中心'}</span>
          </span>
        )}
      </Link>
      <nav className="oa-menu-scroll" aria-label="主菜单">
        <SidebarMenu collapsed={collapsed} />
      </nav>
      {extras.length > 0 && (
        <div className="oa-sider-extras">
          <Menu
            theme="dark"
            mode="inline"
            selectable={false}
            items={extras}
            onClick={({ key }) => (key === 'contacts' ? onOpenContacts() : void openApp())}
          />
        </div>
      )}
      <AppDownloadDialog app={shownApp} onClose={() => setShownApp(null)} />
    </Layout.Sider>
  );
}
