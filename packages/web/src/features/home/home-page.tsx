import { Card, Col, Row, Statistic, Typography } from 'antd';
import { CalendarOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { HomeWidgets } from '../../app/home-widgets';
import { useSession } from '../../app/state/session.store';
import { useTabRoute } from '../../lib/tab-route';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** Home tabs (/dashboard, /cooperationIndex, /workIndex, /mandatoryIndex, /serviceIndex): a welcome card for now. */
export default function HomePage() {
  const user = useSession((s) => s.user);
  const tab = useTabRoute();
  const now = dayjs();
  return (
    <div className="oa-page" data-testid="home-page">
      <Card variant="borderless" style={{ background: 'linear-gradient(135deg, #e6f4ff 0%, #f0f7ff 60%, #ffffff 100%)' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {greeting(now.hour())}，{user?.userName ?? ''}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          欢迎使用协会办公平台。今天是 {now.format('YYYY年M月D日 dddd')}，祝您工作顺利！
        </Typography.Paragraph>
      </Card>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="所在部门" value={user?.deptName ?? '—'} prefix={<TeamOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="职务" value={user?.position ?? '—'} prefix={<UserOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="当前页面" value={tab.title || '首页'} prefix={<CalendarOutlined />} />
          </Card>
        </Col>
      </Row>
      <HomeWidgets />
    </div>
  );
}
