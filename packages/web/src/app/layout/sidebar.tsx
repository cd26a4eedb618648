import { useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { ContactsOutlined, MobileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTICE_S } from '@oa/shared/constants';
import { AppDownloadDialog } from '../../features/app-download/app-download-dialog';
import { fetchPublishedApp, type PublishedApp } from '../../features/app-download/app-download.api';
import { getClientConfig } from '../../lib/client-config';
import { feedback } from '../../lib/feedback';
import { useSession } from '../../state/session.store';
import { LogoMark } from '../../lib/logo-mark';
import { SidebarMenu } from './sidebar-menu';

interface SidebarProps {
  collapsed: boolean;
  onOpenContacts: () => void;
}

/** Left sidebar: logo with the user's name (→ /personal), the menu, 通讯录 and APP下载. */
export function Sidebar({ collapsed, onOpenContacts }: SidebarProps) {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const isRobot = Boolean(user && user.userCode === getClientConfig().robotUserCode);
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
      width={210}
      collapsedWidth={80}
      collapsed={collapsed}
      trigger={null}
      theme="dark"
    >
      <div className="oa-logo" role="link" title="个人中心" data-testid="sidebar-logo" onClick={() => navigate('/personal')}>
        <LogoMark className="oa-logo-mark" />
        {!collapsed && (
          <span className="oa-logo-text">
            <span className="oa-logo-name">{user?.userName ?? ''}</span>
            <span className="oa-logo-sub">{user?.deptName ?? '个人中心'}</span>
          </span>
        )}
      </div>
      <div className="oa-menu-scroll">
        <SidebarMenu collapsed={collapsed} />
      </div>
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
