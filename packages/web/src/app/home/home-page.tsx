import { Suspense } from 'react';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { HOME_TAB_OF_PATH, HOME_WIDGETS, type HomeTabKey } from '../home-widgets';
import { useOnlySeparatedAdmin, useSession } from '../../state/session.store';
import { useTabRoute } from '../../lib/tab-route';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** What each home tab is for, under its heading. */
const INTRO: Record<Exclude<HomeTabKey, 'dashboard'>, { title: string; text: string }> = {
  work: { title: '工作台', text: '今天要处理的待办、我发起的申请、今日会议与到期督办。' },
  cooperation: { title: '协同办公', text: '部门协同空间、传阅给我的公文与抄送、同事共享的资源。' },
  mandatory: { title: '受托管理', text: '协会受托承办的管理事项，以及受托管理平台入口。' },
  service: { title: '行业服务', text: '面向会员单位的行业服务事项，以及行业服务门户入口。' },
};

/**
 * The home tabs: 首页 /dashboard (a greeting, my information and charts of my work), 工作 /workIndex,
 * 协同 /cooperationIndex, 受托 /mandatoryIndex and 服务 /serviceIndex — each with its own widgets
 * (composed in app/home-widgets).
 */
export default function HomePage() {
  const user = useSession((s) => s.user);
  const { path } = useTabRoute();
  const tab = HOME_TAB_OF_PATH[path.toLowerCase()] ?? 'dashboard';
  const now = dayjs();
  // 三员分立: a security or audit administrator sees no business widget
  const widgets = useOnlySeparatedAdmin() ? [] : HOME_WIDGETS[tab];
  return (
    <div className="oa-page" data-testid="home-page" data-home-tab={tab}>
      {tab === 'dashboard' ? (
        <>
          <Card variant="borderless" style={{ background: 'linear-gradient(135deg, #e6f4ff 0%, #f0f7ff 60%, #ffffff 100%)' }}>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {greeting(now.hour())}，{user?.userName ?? ''}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              欢迎使用协会办公平台。今天是 {now.format('YYYY年M月D日 dddd')}，祝您工作顺利！
            </Typography.Paragraph>
          </Card>
          <Card title="我的信息" size="small" style={{ marginTop: 16 }}>
            <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small">
              <Descriptions.Item label="姓名">{user?.userName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="部门">{user?.deptName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="职务">{user?.position ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="手机">{user?.mobile ?? '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </>
      ) : (
        <Card variant="borderless" style={{ background: 'linear-gradient(135deg, #e6f4ff 0%, #f0f7ff 60%, #ffffff 100%)' }}>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {INTRO[tab].title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {INTRO[tab].text}
          </Typography.Paragraph>
        </Card>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {widgets.map(({ key, title, Component, wide }) => (
          <Col key={key} xs={24} xl={wide ? 24 : 12}>
            {/* the other tabs' widgets load with their tab: a card waiting for its content meanwhile */}
            <Suspense fallback={<Card title={title} loading />}>
              <Component />
            </Suspense>
          </Col>
        ))}
      </Row>
    </div>
  );
}
