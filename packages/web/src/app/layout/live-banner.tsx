import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MEETING_OPEN } from '@oa/shared/constants';
import type { Paged } from '@oa/shared/contract/envelope';
import type { LiveMeeting as LiveItem } from '@oa/shared/contract/meetings';
import { chinaDate, chinaDateTime, chinaTime } from '@oa/shared/format/china-time';
import { announce } from '../../lib/announce';
import { http } from '../../lib/http-client';

type LiveMeeting = Pick<LiveItem, 'infoCode' | 'meetingTopic'> & Partial<Pick<LiveItem, 'startTime'>>;

const RECENT_MS = 12 * 3600_000;

/**
 * When it started (China time): the time alone when it is today's or began less than 12 hours ago (a meeting live
 * since 23:40 is still read as "23:40" at 00:10), else the date too. The tooltip always names the date.
 */
function startedAt(startTime: string | null | undefined): string {
  if (!startTime) return '';
  const recent = Date.now() - Date.parse(startTime) < RECENT_MS;
  return recent || chinaDate(startTime) === chinaDate() ? chinaTime(startTime) : chinaDateTime(startTime).slice(5);
}

/** The open live meetings (isClose 'O'); empty when the code is not 0 or the endpoint is missing. */
async function fetchLiveMeetings(): Promise<LiveMeeting[]> {
  try {
    const env = await http.get<LiveMeeting[] | Paged<LiveMeeting>>(
      '/api/auth/industry/meeting/ordinary/meetingLiveList',
      { isClose: MEETING_OPEN },
      { quiet: true },
    );
    if (env.code !== 0 || !env.data) return [];
    return Array.isArray(env.data) ? env.data : (env.data.list ?? []);
  } catch {
    return [];
  }
}

/** A banner in the top bar while a live meeting is open; a click opens the live page. */
export function LiveBanner() {
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['live-meetings'], queryFn: fetchLiveMeetings, refetchInterval: 120_000 });
  const meeting = data?.[0];
  const code = meeting?.infoCode;
  const topic = meeting?.meetingTopic;
  useEffect(() => {
    if (code) announce(`直播中：${topic ?? ''}`); // a meeting that goes live is told, politely, once
  }, [code, topic]);
  if (!meeting) return null;
  const since = startedAt(meeting.startTime);
  return (
    <div
      className="oa-live"
      role="link"
      tabIndex={0}
      onKeyDown={(e) => e.key === 'Enter' && navigate(`/live/index?infoCode=${encodeURIComponent(meeting.infoCode)}`)}
      title={`直播中：${meeting.meetingTopic}${meeting.startTime ? `（${chinaDateTime(meeting.startTime).slice(5)} 开始）` : ''}，点击进入直播`}
      onClick={() => navigate(`/live/index?infoCode=${encodeURIComponent(meeting.infoCode)}`)}
    >
      <span className="oa-live-dot" />
      <span className="oa-live-label">直播中</span>
      <span className="oa-live-topic">{meeting.meetingTopic}</span>
      {since ? (
        <span className="oa-live-time">
          {since}
          <span className="oa-live-time-word"> 开始</span>
        </span>
      ) : null}
    </div>
  );
}
