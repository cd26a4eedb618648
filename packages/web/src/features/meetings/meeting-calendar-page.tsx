import { useState } from 'react';
import { Badge, Button, Calendar, Card, DatePicker, Segmented, Space, Table, Tag } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { MeetingItem } from '@oa/shared/contract/meetings';
import { useListPager } from '../../lib/list-pager';
import { meetingsApi } from './meetings.api';
import { MeetingStatusTag, RESPONSE_COLORS, RESPONSE_LABELS, timeRange } from './meeting-status';
import { RoomGrid } from './room-grid';
import './meetings.css';

type View = 'day' | 'week' | 'month' | 'mine';

/** Bookings of [from, to) across rooms (the calendar view: pending and approved). */
function useCalendar(from: Dayjs, to: Dayjs, enabled: boolean) {
  return useQuery({
    queryKey: ['meetings', 'calendar', from.toISOString(), to.toISOString()],
    queryFn: () => meetingsApi.list({ view: 'calendar', from: from.toISOString(), to: to.toISOString(), pageSize: 2000 }),
    enabled,
  });
}

function MonthView({ day, onPick }: { day: Dayjs; onPick: (d: Dayjs) => void }) {
  const navigate = useNavigate();
  const from = day.startOf('month').startOf('week');
  const q = useCalendar(from, from.add(6, 'week'), true);
  const byDay = new Map<string, MeetingItem[]>();
  for (const m of q.data?.list ?? []) {
    const k = dayjs(m.startTime).format('YYYY-MM-DD');
    byDay.set(k, [...(byDay.get(k) ?? []), m]);
  }
  return (
    <Calendar
      value={day}
      headerRender={() => null}
      onSelect={(d, info) => info.source === 'date' && onPick(d)}
      cellRender={(d, info) => {
        if (info.type !== 'date') return info.originNode;
        const list = byDay.get(d.format('YYYY-MM-DD')) ?? [];
        return (
          <ul className="oa-meeting-cell">
            {list.slice(0, 3).map((m) => (
              <li
                key={m.id}
                className={`is-${m.status}`}
                title={`${dayjs(m.startTime).format('HH:mm')} ${m.title}（${m.roomName}）`}
                onClick={(e) => {
                  e.stopPropagation();
                  navigate(`/meeting/detail?id=${m.id}`);
                }}
              >
                {dayjs(m.startTime).format('HH:mm')} {m.title}
              </li>
            ))}
            {list.length > 3 ? <li>还有 {list.length - 3} 个会议…</li> : null}
          </ul>
        );
      }}
    />
  );
}

function WeekView({ day }: { day: Dayjs }) {
  const navigate = useNavigate();
  const from = day.startOf('week');
  const q = useCalendar(from, from.add(1, 'week'), true);
  return (
    <div className="oa-week">
      {Array.from({ length: 7 }, (_, i) => {
        const d = from.add(i, 'day');
        const list = (q.data?.list ?? []).filter((m) => dayjs(m.startTime).isSame(d, 'day'));
        return (
          <div key={i} className={`oa-week-day${d.isSame(dayjs(), 'day') ? ' is-today' : ''}`}>
            <h4>{d.format('MM-DD dddd')}</h4>
            {list.map((m) => (
              <div key={m.id} className={`oa-week-item is-${m.status}`} onClick={() => navigate(`/meeting/detail?id=${m.id}`)}>
                <div>
                  <b>
                    {dayjs(m.startTime).format('HH:mm')}–{dayjs(m.endTime).format('HH:mm')}
                  </b>
                </div>
                <div>{m.title}</div>
                <div style={{ color: '#666' }}>
                  {m.roomName} · {m.organizerName}
                </div>
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}

function MineView() {
  const navigate = useNavigate();
  const { page, pagination } = useListPager();
  const q = useQuery({ queryKey: ['meetings', 'mine', page], queryFn: () => meetingsApi.list({ view: 'mine', ...page }) });
  return (
    <Table<MeetingItem>
      rowKey="id"
      size="middle"
      loading={q.isPending}
      dataSource={q.data?.list ?? []}
      pagination={pagination(q.data)}
      onRow={(m) => ({ onClick: () => void navigate(`/meeting/detail?id=${m.id}`), style: { cursor: 'pointer' } })}
      columns={[
        { title: '会议主题', dataIndex: 'title' },
        { title: '时间', width: 190, render: (_, m) => timeRange(m.startTime, m.endTime) },
        { title: '会议室', dataIndex: 'roomName', width: 120 },
        { title: '组织者', dataIndex: 'organizerName', width: 100 },
        {
          title: '我的回复',
          width: 100,
          render: (_, m) => (m.myResponse ? <Tag color={RESPONSE_COLORS[m.myResponse]}>{RESPONSE_LABELS[m.myResponse]}</Tag> : '—'),
        },
        { title: '状态', width: 130, render: (_, m) => <MeetingStatusTag status={m.status} startTime={m.startTime} endTime={m.endTime} /> },
      ]}
    />
  );
}

/** /meeting — 会议室预订: day grid (room × time), week, month and my meetings. */
export default function MeetingCalendarPage() {
  const navigate = useNavigate();
  const [view, setView] = useState<View>('day');
  const [day, setDay] = useState(() => dayjs());
  const step = view === 'month' ? 'month' : view === 'week' ? 'week' : 'day';
  return (
    <div className="oa-page" data-testid="meeting-calendar-page">
      <Card
        title={
          <Space>
            <span>会议室预订</span>
            <Badge status="processing" text={<small>蓝色为已预订，橙色为待审批</small>} />
          </Space>
        }
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/meetingEdit')}>
            申请会议
          </Button>
        }
      >
        <Space style={{ marginBottom: 16 }} wrap>
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { label: '日（会议室）', value: 'day' },
              { label: '周', value: 'week' },
              { label: '月', value: 'month' },
              { label: '我的会议', value: 'mine' },
            ]}
          />
          {view !== 'mine' && (
            <>
              <Button icon={<LeftOutlined />} onClick={() => setDay(day.subtract(1, step))} aria-label="上一个" />
              <DatePicker
                value={day}
                onChange={(d) => d && setDay(d)}
                picker={view === 'month' ? 'month' : view === 'week' ? 'week' : 'date'}
                allowClear={false}
              />
              <Button icon={<RightOutlined />} onClick={() => setDay(day.add(1, step))} aria-label="下一个" />
              <Button onClick={() => setDay(dayjs())}>今天</Button>
            </>
          )}
        </Space>
        {view === 'day' && <RoomGrid day={day} />}
        {view === 'week' && <WeekView day={day} />}
        {view === 'month' && (
          <MonthView
            day={day}
            onPick={(d) => {
              setDay(d);
              setView('day');
            }}
          />
        )}
        {view === 'mine' && <MineView />}
      </Card>
    </div>
  );
}
