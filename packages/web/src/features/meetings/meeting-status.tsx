import { useState } from 'react';
import { Tag } from 'antd';
import { MEETING_STATUS_LABELS, type MeetingStatus } from '@oa/shared/contract/meetings';
import dayjs from 'dayjs';

const COLORS: Record<MeetingStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
  released: 'warning',
};

/** A booking's status; an approved one that is over shows 已结束, a running one 进行中. */
export function MeetingStatusTag({ status, startTime, endTime }: { status: MeetingStatus; startTime: string; endTime: string }) {
  const [now] = useState(() => Date.now());
  if (status === 'approved') {
    if (Date.parse(endTime) <= now) return <Tag>已结束</Tag>;
    if (Date.parse(startTime) <= now) return <Tag color="green">进行中</Tag>;
  }
  return <Tag color={COLORS[status]}>{MEETING_STATUS_LABELS[status]}</Tag>;
}

export const RESPONSE_LABELS = { pending: '未回复', accepted: '参加', declined: '不参加' } as const;
export const RESPONSE_COLORS = { pending: 'default', accepted: 'green', declined: 'red' } as const;

/** '11-24 09:00–10:30' */
export const timeRange = (s: string, e: string) => {
  const a = dayjs(s);
  const b = dayjs(e);
  return `${a.format('MM-DD HH:mm')}–${b.isSame(a, 'day') ? b.format('HH:mm') : b.format('MM-DD HH:mm')}`;
};
