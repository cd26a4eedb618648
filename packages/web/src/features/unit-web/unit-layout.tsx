import { useEffect } from 'react';
import { Button, Layout, Modal, Space, Typography } from 'antd';
import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { UNIT_AREA } from '@oa/shared/constants';
import { useSession } from '../../state/session.store';
import { logout } from '../../state/session-actions';
import { UnitDocsPage } from './unit-docs-page';
import './unit-web.css';

/**
 * The member-unit contacts' own layout (platform 20, issue 37): no OA menu, no address book, no OA people data — a
 * header with the platform's name, the unit's documents and notices, and logout.
 */
export default function UnitLayout({ onChangePassword }: { onChangePassword?: () => void }) {
  const user = useSession((s) => s.user);
  useEffect(() => {
    document.title = '本单位收文 - 成员单位公文交换平台';
  }, []);
  const onLogout = () =>
    Modal.confirm({
      title: '温馨提示',
      content: '确定退出成员单位公文交换平台吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        window.location.replace(`${window.location.pathname.split(UNIT_AREA)[0]}/login`);
      },
    });
  return (
    <Layout className="unit-layout" data-testid="unit-layout">
      <Layout.Header className="unit-header">
        <Typography.Title level={4} className="unit-brand">
          成员单位公文交换平台
        </Typography.Title>
        <Space className="unit-user">
          <span data-testid="unit-user-name">{user?.userName}</span>
          {onChangePassword ? (
            <Button type="text" icon={<KeyOutlined />} onClick={onChangePassword} className="unit-logout">
              修改密码
            </Button>
          ) : null}
          <Button type="text" icon={<LogoutOutlined />} onClick={onLogout} className="unit-logout">
            退出
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content className="unit-content">
        <UnitDocsPage />
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>成员单位公文交换平台 · 技术支持：协会信息中心</Layout.Footer>
    </Layout>
  );
}
