import { Empty, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { MeetingItem } from '@oa/shared/contract/meetings';
import { meetingsApi } from './meetings.api';

const FIRST_HOUR = 8;
const LAST_HOUR = 21;
const SLOTS = (LAST_HOUR - FIRST_HOUR) * 2;

/** The day's room × time grid: bookings as blocks; a click on a free half hour books it. */
export function RoomGrid({ day }: { day: Dayjs }) {
  const navigate = useNavigate();
  const from = day.startOf('day');
  const rooms = useQuery({ queryKey: ['meetings', 'rooms', 'Y'], queryFn: () => meetingsApi.rooms('Y') });
  const q = useQuery({
    queryKey: ['meetings', 'calendar', 'day', from.toISOString()],
    queryFn: () => meetingsApi.list({ view: 'calendar', from: from.toISOString(), to: from.add(1, 'day').toISOString(), pageSize: 2000 }),
  });
  const byRoom = new Map<number, MeetingItem[]>();
  for (const m of q.data?.list ?? []) byRoom.set(m.roomId, [...(byRoom.get(m.roomId) ?? []), m]);
  const slotOf = (iso: string) => Math.max(0, Math.min(SLOTS, dayjs(iso).diff(from.add(FIRST_HOUR, 'hour'), 'minute') / 30));
  if (rooms.data && rooms.data.length === 0) return <Empty description="暂无可用会议室" />;

  return (
    <div className="oa-room-grid" data-testid="room-grid">
      <div className="oa-room-grid-row oa-room-grid-head">
        <div className="oa-room-grid-name">会议室</div>
        <div className="oa-room-grid-track">
          {Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => (
            <div key={i} className="oa-room-grid-hour">
              {FIRST_HOUR + i}:00
            </div>
          ))}
        </div>
      </div>
      {(rooms.data ?? []).map((r) => (
        <div key={r.id} className="oa-room-grid-row">
          <div className="oa-room-grid-name" title={`${r.building ?? ''}${r.floor ?? ''} ${r.roomNo ?? ''}`}>
            <div>
              {r.name}
              {r.needApproval === 'Y' ? <span className="oa-room-grid-flag">需审批</span> : null}
            </div>
            <small>{r.capacity}人</small>
          </div>
          <div className="oa-room-grid-track">
            {Array.from({ length: SLOTS }, (_, i) => {
              const start = from.add(FIRST_HOUR, 'hour').add(i * 30, 'minute');
              const past = start.add(30, 'minute').isBefore(dayjs());
              return (
                <div
                  key={i}
                  className={`oa-room-grid-cell${past ? ' is-past' : ''}`}
                  title={past ? '' : `预订 ${r.name} ${start.format('HH:mm')}`}
                  onClick={() =>
                    !past &&
                    navigate(
                      `/meetingEdit?roomId=${r.id}&startTime=${encodeURIComponent(start.toISOString())}&endTime=${encodeURIComponent(start.add(1, 'hour').toISOString())}`,
                    )
                  }
                />
              );
            })}
            {(byRoom.get(r.id) ?? []).map((m) => {
              const a = slotOf(m.startTime);
              const b = slotOf(m.endTime);
              if (b <= a) return null;
              return (
                <Tooltip
                  key={m.id}
                  title={`${m.title}（${m.organizerName}）${dayjs(m.startTime).format('HH:mm')}–${dayjs(m.endTime).format('HH:mm')}`}
                >
                  <div
                    className={`oa-room-grid-block is-${m.status}`}
                    style={{ left: `${(a / SLOTS) * 100}%`, width: `${((b - a) / SLOTS) * 100}%` }}
                    onClick={() => navigate(`/meeting/detail?id=${m.id}`)}
                  >
                    {m.title}
                  </div>
                </Tooltip>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
