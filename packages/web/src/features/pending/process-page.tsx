import { Badge, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { CcTable } from './cc-table';
import { useLiveCounts } from './live-counts';
import { MineTable } from './mine-table';
import { TaskTable } from './task-table';
import { ToReadTable } from './to-read-table';

const TABS = ['todo', 'toRead', 'done', 'cc', 'mine'] as const;
type TabKey = (typeof TABS)[number];

/** /process — the pending centre: 待办 / 待阅 / 已办 / 抄送我的 / 我的申请 (`?tab=` selects one). */
export default function ProcessPage() {
  const [params, setParams] = useSearchParams();
  const counts = useLiveCounts();
  const asked = params.get('tab') as TabKey | null;
  const active: TabKey = asked && TABS.includes(asked) ? asked : 'todo';
  const label = (text: string, n: number | undefined) => (
    <span>
      {text}
      {n ? <Badge count={n} size="small" style={{ marginLeft: 6 }} /> : null}
    </span>
  );
  return (
    <div className="oa-page" data-testid="process-page">
      <Tabs
        activeKey={active}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        destroyOnHidden={false}
        items={[
          { key: 'todo', label: label('待办', counts.data?.todo), children: <TaskTable kind="todo" /> },
          { key: 'toRead', label: label('待阅', counts.data?.toRead), children: <ToReadTable /> },
          { key: 'done', label: '已办', children: <TaskTable kind="done" /> },
          { key: 'cc', label: label('抄送我的', counts.data?.cc), children: <CcTable /> },
          { key: 'mine', label: '我的申请', children: <MineTable /> },
        ]}
      />
    </div>
  );
}
