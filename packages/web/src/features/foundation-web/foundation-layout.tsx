import { Suspense, lazy, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Button, ConfigProvider, Layout, Menu, Modal, Space, Spin, Typography } from 'antd';
import {
  AuditOutlined,
  BankOutlined,
  HomeOutlined,
  LineChartOutlined,
  LogoutOutlined,
  ProfileOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../state/session.store';
import { logout } from '../../state/session-actions';
import { FW, FWEB_PAGES, fwebPage } from './foundation-routes';
import './foundation-web.css';

/** a text button on the dark header: white text (antd's default text colour is dark) */
const ON_DARK_HEADER = {
  components: {
    Button: { textTextColor: '#fff', textTextHoverColor: '#fff', textTextActiveColor: '#fff', textHoverBg: 'rgba(255,255,255,0.15)' },
  },
};

/** One lazy component per page module (several step routes share one), made once at module load. */
const byLoad = new Map<unknown, LazyExoticComponent<ComponentType>>();
const COMPONENTS = new Map<string, { Component: LazyExoticComponent<ComponentType> }>(
  FWEB_PAGES.map((p) => {
    let c = byLoad.get(p.load);
    if (!c) byLoad.set(p.load, (c = lazy(p.load)));
    return [p.path, { Component: c }] as const;
  }),
);

const MENU = [
  { key: 'index', icon: <HomeOutlined />, label: '首页', path: `${FW}/index` },
  { key: 'sub', icon: <ProfileOutlined />, label: '我的课题', path: `${FW}/sub` },
  { key: 'approve', icon: <AuditOutlined />, label: '评审结果', path: `${FW}/approve` },
  { key: 'tb', icon: <LineChartOutlined />, label: '课题进度', path: `${FW}/tb/tab1` },
  { key: 'info', icon: <BankOutlined />, label: '单位信息', path: `${FW}/infoview` },
  { key: 'maintain', icon: <SettingOutlined />, label: '账号维护', path: `${FW}/maintain` },
];

/**
 * The applicants' own layout (platform 19): no OA menu, no address book, no OA people data — a header
 * with the platform's name, the applicant's pages, and logout.
 */
export default function FoundationLayout() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const page = fwebPage(pathname);
  const { Component: Page } = (page && COMPONENTS.get(page.path)) || { Component: null };

  useEffect(() => {
    const t = window.setTimeout(() => {
      document.title = `${page?.title ?? '课题申报'} - 课题基金申报平台`;
    }, 0);
    return () => window.clearTimeout(t);
  }, [page]);

  if (!page || !Page) return <Navigate to={`${FW}/index`} replace />;
  const onLogout = () =>
    Modal.confirm({
      title: '温馨提示',
      content: '确定退出课题基金申报平台吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        window.location.replace(`${window.location.pathname.split(FW)[0]}/login`);
      },
    });

  return (
    <Layout className="fweb-layout" data-testid="fweb-layout">
      <Layout.Header className="fweb-header">
        <Typography.Title level={4} className="fweb-brand">
          课题基金申报平台
        </Typography.Title>
        <Menu
          mode="horizontal"
          theme="dark"
          className="fweb-menu"
          selectedKeys={[page.menu ?? '']}
          items={MENU.map((m) => ({ key: m.key, icon: m.icon, label: m.label }))}
          onClick={(e) => navigate(MENU.find((m) => m.key === e.key)!.path)}
        />
        <Space className="fweb-user">
          <span data-testid="fweb-user-name">{user?.userName}</span>
          <ConfigProvider theme={ON_DARK_HEADER}>
            <Button type="text" icon={<LogoutOutlined />} onClick={onLogout}>
              退出
            </Button>
          </ConfigProvider>
        </Space>
      </Layout.Header>
      <Layout.Content className="fweb-content">
        <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
          <Page key={pathname + search} />
        </Suspense>
      </Layout.Content>
      <Layout.Footer className="fweb-footer">课题基金申报平台 · 技术支持：协会信息中心</Layout.Footer>
    </Layout>
  );
}
