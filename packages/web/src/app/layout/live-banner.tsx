import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MEETING_OPEN } from '@oa/shared/constants';
import type { Paged } from '@oa/shared/contract/envelope';
import { http } from '../../lib/http-client';

interface LiveMeeting {
  infoCode: string;
  meetingTopic: string;
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
  if (!meeting) return null;
  return (
    <div
      className="oa-live"
      role="link"
      title="进入直播会议"
      onClick={() => navigate(`/live/index?infoCode=${encodeURIComponent(meeting.infoCode)}`)}
    >
      <span className="oa-live-dot" />
      <span>直播中：</span>
      <span className="oa-live-topic">{meeting.meetingTopic}</span>
    </div>
  );
}
