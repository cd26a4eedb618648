import { Card, Col, Descriptions, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { HomeWidgets } from '../../app/home-widgets';
import { useSession } from '../../app/state/session.store';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** Home tabs (/dashboard, /cooperationIndex, /workIndex, /mandatoryIndex, /serviceIndex): a welcome card, my information and the widgets. */
export default function HomePage() {
  const user = useSession((s) => s.user);
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
        <Col span={24}>
          <Card title="我的信息" size="small">
            <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small">
              <Descriptions.Item label="姓名">{user?.userName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="部门">{user?.deptName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="职务">{user?.position ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="手机">{user?.mobile ?? '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <HomeWidgets />
    </div>
  );
}
