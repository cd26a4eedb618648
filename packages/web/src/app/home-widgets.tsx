import type { ComponentType } from 'react';
import { PLATFORM } from '@oa/shared/constants';
import { HomeEmptyCard, PlatformLinkCard } from './home/home-cards';
import { MyWorkCharts } from '../features/pending/my-work-charts';
import { NotificationsWidget } from '../features/pending/notifications-widget';
import { TodoWidget } from '../features/pending/todo-widget';
import { NewsHomeWidget } from '../features/news/news-home-widget';
import { getClientConfig } from '../lib/client-config';
import { lazyNamed } from '../lib/lazy-named';
import { useSession } from '../state/session.store';

/**
 * What each home tab shows (composed here: a feature never imports another). Areas append their
 * widget to a tab's list — a component that takes no props, from `features/<area>/<area>-home-widget.tsx`;
 * the empty cards stand for what is not connected yet (the entrusted-management and service platforms).
 * `wide`: the card takes the whole row (otherwise half of it on wide screens).
 */
interface HomeWidget {
  key: string;
  title: string;
  Component: ComponentType;
  wide?: boolean;
}

// the widgets of the tabs other than 首页 load when their tab is first shown: 首页, what every login opens, does not
// wait for their code (tables, uploads, the records engine…)
const MyApplicationsWidget = lazyNamed(() => import('../features/pending/my-applications-widget'), 'MyApplicationsWidget');
const MeetingsHomeWidget = lazyNamed(() => import('../features/meetings/meetings-home-widget'), 'MeetingsHomeWidget');
const SuperviseHomeWidget = lazyNamed(() => import('../features/supervise/supervise-home-widget'), 'SuperviseHomeWidget');
const SubjectsHomeWidget = lazyNamed(() => import('../features/subjects/subjects-home-widget'), 'SubjectsHomeWidget');
const SpacesHomeWidget = lazyNamed(() => import('../features/spaces/spaces-home-widget'), 'SpacesHomeWidget');
const DocumentsHomeWidget = lazyNamed(() => import('../features/documents/documents-home-widget'), 'DocumentsHomeWidget');
const CcWidget = lazyNamed(() => import('../features/pending/cc-widget'), 'CcWidget');

export type HomeTabKey = 'dashboard' | 'work' | 'cooperation' | 'mandatory' | 'service';

const empty = (key: string, title: string, description: string): HomeWidget => ({
  key,
  title,
  Component: () => <HomeEmptyCard title={title} description={description} testId={`home-empty-${key}`} />,
});

function MandatoryLink() {
  const codes = useSession((s) => s.platformCodes);
  return (
    <PlatformLinkCard
      title="受托管理平台"
      description="协会受托承办的管理事项在受托管理平台办理，点击在新窗口打开。"
      url={getClientConfig().mandatoryUrl}
      hasPlatform={codes.includes(PLATFORM.MANDATORY)}
      envName="OA_MANDATORY_URL"
      testId="mandatory-link"
    />
  );
}

function ServiceLink() {
  const codes = useSession((s) => s.platformCodes);
  return (
    <PlatformLinkCard
      title="行业服务门户"
      description="面向会员单位的行业服务在服务门户办理，点击在新窗口打开。"
      url={getClientConfig().portalUrl}
      hasPlatform={codes.includes(PLATFORM.INDUSTRY_SERVICE)}
      envName="OA_PORTAL_URL"
      testId="service-link"
    />
  );
}

export const HOME_WIDGETS: Record<HomeTabKey, HomeWidget[]> = {
  // 首页: a summary of my work with charts, my to-do and my messages
  dashboard: [
    { key: 'charts', title: '我的工作统计', Component: MyWorkCharts, wide: true },
    { key: 'todo', title: '我的待办', Component: TodoWidget },
    { key: 'notifications', title: '消息通知', Component: NotificationsWidget },
    { key: 'news', title: '最新资讯', Component: NewsHomeWidget, wide: true },
  ],
  // 工作: my to-do, my applications, today's meetings, supervision due
  work: [
    { key: 'todo', title: '我的待办', Component: TodoWidget },
    { key: 'mine', title: '我的申请', Component: MyApplicationsWidget },
    { key: 'meetings', title: '今日会议', Component: MeetingsHomeWidget },
    { key: 'supervise', title: '督办到期', Component: SuperviseHomeWidget },
    { key: 'subjects', title: '课题进展', Component: SubjectsHomeWidget },
  ],
  // 协同: collaboration spaces, circulated documents, shared resources
  cooperation: [
    { key: 'spaces', title: '协同空间', Component: SpacesHomeWidget },
    { key: 'circulation', title: '待阅公文', Component: DocumentsHomeWidget },
    { key: 'cc', title: '抄送我的', Component: CcWidget },
  ],
  // 受托: entrusted-management items and the configured link
  mandatory: [
    { key: 'mandatory-link', title: '受托管理平台', Component: MandatoryLink },
    empty('mandatory-items', '受托管理事项', '受托管理平台对接后，这里显示协会受托承办、待您处理的事项'),
  ],
  // 服务: industry-service items and the configured link
  service: [
    { key: 'service-link', title: '行业服务门户', Component: ServiceLink },
    empty('service-items', '行业服务事项', '行业服务门户对接后，这里显示会员单位提交、待您办理的服务事项'),
  ],
};

/** The tab of a home route. */
export const HOME_TAB_OF_PATH: Record<string, HomeTabKey> = {
  '/dashboard': 'dashboard',
  '/workindex': 'work',
  '/cooperationindex': 'cooperation',
  '/mandatoryindex': 'mandatory',
  '/serviceindex': 'service',
};
