import { Suspense, useState } from 'react';
import { Button, Divider, Tooltip } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { NOTICE_S, PLATFORM } from '@oa/shared/constants';
import { getClientConfig } from '../../lib/client-config';
import { confirmDialog, isCancelled } from '../../lib/confirm-dialog';
import { feedback } from '../../lib/feedback';
import { lazyNamed } from '../../lib/lazy-named';
import { logout } from '../../state/session-actions';
import { useOnlySeparatedAdmin, useSession } from '../../state/session.store';
import { useSidebar } from '../../state/sidebar.store';
import { NotificationBadge } from '../../features/pending/notification-badge';
import { LiveBanner } from './live-banner';
import { SizeSelect } from './size-select';
import { SearchBox } from '../../features/search/search-box';

// the password dialog's forms (SM3, the SMS code) load when it is first opened, not with the shell
const PasswordDialog = lazyNamed(() => import('../../features/password/password-dialog'), 'PasswordDialog');

const openExternal = (url: string, name: string) => {
  if (url) window.open(url, '_blank', 'noopener');
  else feedback().message.info({ content: `暂未配置${name}地址`, duration: NOTICE_S });
};

/** Top bar: sidebar toggle, site title, live banner, platform links, user name (password dialog), logout. */
export function TopBar() {
  const navigate = useNavigate();
  const { opened, toggle } = useSidebar();
  const user = useSession((s) => s.user);
  const codes = useSession((s) => s.platformCodes);
  const adminOnly = useOnlySeparatedAdmin();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);
  const cfg = getClientConfig();

  const openMember = () => {
    if (!codes.includes(PLATFORM.MEMBER)) {
      feedback().message.warning({ content: '暂无会员平台权限', duration: NOTICE_S });
      return;
    }
    openExternal(cfg.memberUrl, '会员管理平台');
  };

  const onLogout = async () => {
    try {
      await confirmDialog('确定注销并退出系统吗？', { onOk: () => logout() });
      navigate('/login', { replace: true });
    } catch (err) {
      if (!isCancelled(err)) throw err;
    }
  };

  return (
    <header className="oa-topbar">
      <button
        type="button"
        className="oa-topbar-trigger"
        aria-label={opened ? '收起菜单' : '展开菜单'}
        aria-expanded={opened}
        onClick={toggle}
      >
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <span className="oa-topbar-title">{cfg.siteTitle || '协会办公平台'}</span>
      <div className="oa-topbar-center">{!adminOnly && <LiveBanner />}</div>
      <div className="oa-topbar-right">
        {!adminOnly && <SearchBox />}
        {codes.includes(PLATFORM.INDUSTRY_SERVICE) && (
          <Button type="link" className="oa-topbar-link" onClick={() => openExternal(cfg.portalUrl, '服务门户')}>
            服务门户
          </Button>
        )}
        {!adminOnly && (
          <Button type="link" className="oa-topbar-link" onClick={openMember}>
            会员管理平台
          </Button>
        )}
        {codes.includes(PLATFORM.MANDATORY) && (
          <Button type="link" className="oa-topbar-link" onClick={() => openExternal(cfg.mandatoryUrl, '受托管理')}>
            受托管理
          </Button>
        )}
        {!adminOnly && <NotificationBadge />}
        <Divider orientation="vertical" />
        <SizeSelect />
        <Tooltip title="修改密码">
          <Button
            type="text"
            icon={<UserOutlined />}
            className="oa-topbar-user"
            data-testid="topbar-user"
            onClick={() => {
              setPasswordUsed(true);
              setPasswordOpen(true);
            }}
          >
            {user?.userName ?? ''}
          </Button>
        </Tooltip>
        <Button type="text" icon={<LogoutOutlined />} onClick={() => void onLogout()}>
          退出
        </Button>
      </div>
      {user && passwordUsed && (
        <Suspense fallback={null}>
          <PasswordDialog open={passwordOpen} user={user} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
