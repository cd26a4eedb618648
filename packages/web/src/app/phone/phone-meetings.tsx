import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Tag } from 'antd';
import { RightOutlined, ScanOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { MeetingItem } from '@oa/shared/contract/meetings';
import { meetingsApi } from '../../features/meetings/meetings.api';
import { MeetingStatusTag, RESPONSE_COLORS, RESPONSE_LABELS, timeRange } from '../../features/meetings/meeting-status';
import { APPS_BASE } from './phone-apps';
import { PhoneBar } from './phone-bar';
import { MeetingRespond } from './phone-meeting-respond';

type Range = 'coming' | 'past';

/** The list's window: from the start of today on (coming), or the 30 days before today (past). */
function rangeOf(r: Range) {
  const today = dayjs().startOf('day');
  return r === 'coming'
    ? { from: today.toISOString(), to: today.add(1, 'year').toISOString() }
    : { from: today.subtract(30, 'day').toISOString(), to: today.toISOString() };
}

/** /m/apps/meetings: the meetings I organise, host or am invited to; an open invitation answered on its card. */
export function PhoneMeetings() {
  const [range, setRange] = useState<Range>('coming');
  const q = useQuery({
    queryKey: ['meetings', 'phone', range],
    queryFn: () => meetingsApi.list({ view: 'mine', ...rangeOf(range), pageNumber: 1, pageSize: 50 }),
  });
  const list = q.data?.list ?? [];
  return (
    <div className="m-page" data-testid="m-meetings">
      <PhoneBar
        title="我的会议"
        home={APPS_BASE}
        extra={
          <Link to={`${APPS_BASE}/scan`} className="m-bar-link" data-testid="m-scan-link">
            <ScanOutlined /> 扫码签到
          </Link>
        }
      />
      <div className="m-filter">
        <Segmented
          block
          value={range}
          onChange={(v) => setRange(v as Range)}
          options={[
            { value: 'coming', label: '今天及以后' },
            { value: 'past', label: '近30天' },
          ]}
        />
      </div>
      {list.length === 0 ? (
        <Empty className="m-empty" description={q.isLoading ? '加载中…' : '暂无会议'} />
      ) : (
        <ul className="m-cards">
          {list.map((m) => (
            <MeetingCard key={m.id} m={m} />
          ))}
        </ul>
      )}
    </div>
  );
}

function MeetingCard({ m }: { m: MeetingItem }) {
  const [now] = useState(() => Date.now());
  const open = m.myResponse === 'pending' && (m.status === 'approved' || m.status === 'pending') && Date.parse(m.endTime) > now;
  return (
    <li className="m-card m-meeting" data-testid="m-meeting">
      <Link to={`${APPS_BASE}/meeting?id=${m.id}`} className="m-card-link m-meeting-link">
        <span className="m-card-title">{m.title}</span>
        <span className="m-card-line">
          {timeRange(m.startTime, m.endTime)} · {m.roomName}
        </span>
        <span className="m-card-line">
          <MeetingStatusTag status={m.status} startTime={m.startTime} endTime={m.endTime} />
          {m.myResponse ? <Tag color={RESPONSE_COLORS[m.myResponse]}>{RESPONSE_LABELS[m.myResponse]}</Tag> : <Tag>我组织的</Tag>}
        </span>
        <RightOutlined className="m-card-arrow" />
      </Link>
      {open && <MeetingRespond id={m.id} answer={m.myResponse} />}
    </li>
  );
}
