import { Empty, Tag, Timeline, Typography } from 'antd';
import type { HistoryItem, InstanceView } from '@oa/shared/contract/workflow';
import type { RecordLog } from '@oa/shared/contract/records';
import { historyActionLabel } from '@oa/shared/workflow/history-labels';
import { fmtTime } from './record-columns';
import { imageUrl } from '../../lib/files-url';

const COLORS: Readonly<Record<string, string>> = {
  approve: 'green',
  autoApprove: 'green',
  finish: 'green',
  reject: 'red',
  autoReject: 'red',
  terminate: 'red',
  return: 'orange',
  withdraw: 'gray',
};

interface TimelineEntry {
  key: string;
  who: string;
  action: string;
  color: string;
  node: string | null;
  comment: string | null;
  /** the handwritten signature drawn with the opinion */
  signatureFileId?: string | null;
  at: string;
}

/** One list of entries from the workflow history, or from the record's own log without a process. */
/** How a process ended, by the instance's status: a rejected one never ends with a green '审批结束'. */
const FINISH: Readonly<Record<string, { label: string; color: string }>> = {
  approved: { label: '审批通过', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
  terminated: { label: '已终止', color: 'red' },
  withdrawn: { label: '已撤回', color: 'gray' },
};

function labelOf(h: HistoryItem, status: string | undefined): { action: string; color: string } {
  const end = h.action === 'finish' && status ? FINISH[status] : undefined;
  if (end) return { action: end.label, color: end.color };
  return { action: historyActionLabel(h.action), color: COLORS[h.action] ?? 'blue' };
}

export function timelineEntries(view: InstanceView | null, logs: RecordLog[]): TimelineEntry[] {
  if (view && view.history.length) {
    return view.history.map((h: HistoryItem) => ({
      key: `h${h.id}`,
      who: h.actorLabel || h.actorName,
      ...labelOf(h, view.current?.status),
      node: h.nodeName,
      comment: [h.targetName ? `→ ${h.targetName}` : null, h.comment].filter(Boolean).join(' ') || null,
      signatureFileId: h.signatureFileId,
      at: h.createdAt,
    }));
  }
  return logs.map((l) => ({
    key: `l${l.id}`,
    who: l.actorName,
    action: l.actionLabel,
    color: 'blue',
    node: null,
    comment: l.comment,
    at: l.createdAt,
  }));
}

/** The approval timeline: who did what, when, with what opinion; the nodes still open at the end. */
export function ApprovalTimeline({ view, logs }: { view: InstanceView | null; logs: RecordLog[] }) {
  const entries = timelineEntries(view, logs);
  const pending = view?.openTasks ?? [];
  if (!entries.length && !pending.length) return <Empty description="暂无审批记录" />;
  return (
    <Timeline
      data-testid="approval-timeline"
      items={[
        ...entries.map((e) => ({
          key: e.key,
          color: e.color,
          children: (
            <div>
              <Typography.Text strong>{e.who}</Typography.Text>
              <Tag color={e.color === 'blue' ? 'processing' : e.color === 'gray' ? 'default' : e.color} style={{ marginLeft: 8 }}>
                {e.action}
              </Tag>
              {e.node ? <Typography.Text type="secondary">{e.node}</Typography.Text> : null}
              <div>
                <Typography.Text type="secondary">{fmtTime(e.at)}</Typography.Text>
              </div>
              {e.comment ? <div className="oa-timeline-comment">{e.comment}</div> : null}
              {e.signatureFileId ? (
                <img
                  className="oa-signature-image"
                  src={imageUrl(e.signatureFileId)}
                  alt={`${e.who}的手写签名`}
                  height={48}
                  data-testid="signature-image"
                />
              ) : null}
            </div>
          ),
        })),
        ...pending.map((t) => ({
          key: t.taskId,
          color: 'gray',
          children: (
            <div>
              <Typography.Text strong>{t.assigneeName}</Typography.Text>
              <Tag style={{ marginLeft: 8 }}>待审批</Tag>
              <Typography.Text type="secondary">{t.nodeName}</Typography.Text>
            </div>
          ),
        })),
      ]}
    />
  );
}
