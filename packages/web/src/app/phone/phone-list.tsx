import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Spin, Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { CcItem, InstanceSummary, TaskItem } from '@oa/shared/contract/workflow';
import { moduleName, previewPath } from '../../features/pending/pending.api';
import { INSTANCE_STATUS, formatTime } from '../../components/instance-status';
import { phoneListQuery, type PhoneListItem, type PhoneListKind } from './phone-list-query';
import { phoneItemPath } from './phone-paths';

const TITLES: Record<PhoneListKind, string> = { todo: '待办', done: '已办', cc: '抄送我的', mine: '我的申请' };
const EMPTY: Record<PhoneListKind, string> = {
  todo: '暂无待办，工作都处理完了',
  done: '暂无已办事项',
  cc: '暂无抄送给您的事项',
  mine: '您还没有提交过申请',
};

/** One row of any of the four lists, as the phone shows it. */
interface Row {
  key: string;
  moduleCode: string;
  recordId: string;
  title: string;
  serialNo: string;
  line: string;
  at: string;
  status: InstanceSummary['status'];
  unread?: boolean;
}

type Item = PhoneListItem;
function rowOf(kind: PhoneListKind, item: Item): Row {
  const base = { moduleCode: item.moduleCode, recordId: item.recordId, title: item.title, serialNo: item.serialNo };
  if (kind === 'mine') {
    const s = item as InstanceSummary;
    const at = s.currentNodes.map((n) => n.nodeName).join('、');
    return { ...base, key: s.instanceId, line: at ? `当前：${at}` : moduleName(s.moduleCode), at: s.startedAt, status: s.status };
  }
  if (kind === 'cc') {
    const c = item as CcItem;
    return {
      ...base,
      key: c.ccId,
      line: `${c.initiatorName} · ${c.nodeName}`,
      at: c.createdAt,
      status: c.instanceStatus,
      unread: !c.readAt,
    };
  }
  const t = item as TaskItem;
  const behalf = t.onBehalfOfName ? `（代${t.onBehalfOfName}）` : '';
  return {
    ...base,
    key: t.taskId,
    line: `${t.initiatorName} · ${t.nodeName}${behalf}`,
    at: kind === 'todo' ? t.createdAt : (t.actedAt ?? t.createdAt),
    status: t.instanceStatus,
  };
}

/** 待办 / 已办 / 抄送 / 我的申请 on a phone: cards of 20, 加载更多 below, the total above; a card opens the item. */
export function PhoneList({ kind }: { kind: PhoneListKind }) {
  const navigate = useNavigate();
  const list = useInfiniteQuery(phoneListQuery(kind));
  const rows = (list.data?.pages ?? []).flatMap((p) => p.list.map((i) => rowOf(kind, i)));
  const total = list.data?.pages[0]?.total;
  const open = (r: Row) => {
    const to = phoneItemPath(r.moduleCode, r.recordId) ?? previewPath(r.moduleCode, r.recordId);
    if (to) navigate(to);
  };
  return (
    <div className="m-page" data-testid={`m-list-${kind}`}>
      <header className="m-bar">
        <h1>{TITLES[kind]}</h1>
        {total !== undefined ? (
          <span className="m-count" data-testid="m-list-total">
            共 {total} 条
          </span>
        ) : null}
      </header>
      {list.isLoading ? (
        <div className="m-center">
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty className="m-empty" description={EMPTY[kind]} />
      ) : (
        <ul className="m-cards">
          {rows.map((r) => (
            <li key={r.key}>
              <button type="button" className="m-card m-card-link" onClick={() => open(r)} data-testid="m-list-item">
                <span className="m-card-title">
                  {r.unread ? <span className="m-dot" aria-label="未读" /> : null}
                  {r.title}
                </span>
                <span className="m-card-line">
                  <Tag color={INSTANCE_STATUS[r.status]?.color}>{INSTANCE_STATUS[r.status]?.text ?? r.status}</Tag>
                  {moduleName(r.moduleCode)} · {r.line}
                </span>
                <span className="m-card-foot">
                  {r.serialNo || '—'}
                  <span>{formatTime(r.at)}</span>
                </span>
                <RightOutlined className="m-card-arrow" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button block size="large" className="m-more" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          加载更多
        </Button>
      ) : null}
    </div>
  );
}
