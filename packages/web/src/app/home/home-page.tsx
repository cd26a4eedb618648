import { Suspense, useDeferredValue } from 'react';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { greetingAt, spokenChinaDate } from '@oa/shared/format/welcome';
import { HOME_TAB_OF_PATH, HOME_WIDGETS, type HomeTabKey } from '../home-widgets';
import { useOnlySeparatedAdmin, useSession } from '../../state/session.store';
import { useTabRoute } from '../../lib/tab-route';
import './home-page.css';

/**
 * A home tab's heading card with the office picture (public/home-banner.svg). 首页's is also the server's first screen
 * (index.html's template, the same rules): the picture is the same file, the same size.
 */
function WelcomeCard({ title, text }: { title: string; text: string }) {
  return (
    <div className="oa-home-welcome">
      <div>
        <Typography.Title level={4}>{title}</Typography.Title>
        <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
      </div>
      <img className="oa-home-welcome-art" src={`${import.meta.env.BASE_URL}home-banner.svg`} alt="" width={242} height={104} />
    </div>
  );
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
  // 三员分立: a security or audit administrator sees no business widget
  const widgets = useOnlySeparatedAdmin() ? [] : HOME_WIDGETS[tab];
  // The widgets come in a render of their own after the first commit, one React may split into short tasks (a
  // deferred value's second render is a transition): in the first render, with the frame and the greeting card that
  // replace the server's first screen, they made one long task after the first paint. Nothing moves: they are last.
  const withWidgets = useDeferredValue(true, false);
  return (
    <div className="oa-page" data-testid="home-page" data-home-tab={tab}>
      {tab === 'dashboard' ? (
        <>
          <WelcomeCard
            title={`${greetingAt()}，${user?.userName ?? ''}`}
            text={`欢迎使用协会办公平台。今天是 ${spokenChinaDate()}，祝您工作顺利！`}
          />
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
        <WelcomeCard title={INTRO[tab].title} text={INTRO[tab].text} />
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }} data-testid="home-widgets" data-widgets={withWidgets ? 'shown' : 'waiting'}>
        {(withWidgets ? widgets : []).map(({ key, title, Component, wide }) => (
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
