import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Spin, Tag } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { MeetingDetail } from '@oa/shared/contract/meetings';
import { meetingsApi } from '../../features/meetings/meetings.api';
import { MeetingStatusTag, RESPONSE_COLORS, RESPONSE_LABELS, timeRange } from '../../features/meetings/meeting-status';
import { errorMessage } from '../../lib/http-client';
import { useSession } from '../../state/session.store';
import { APPS_BASE } from './phone-apps';
import { PhoneBar } from './phone-bar';
import { PhoneFileLinks } from './phone-file-links';
import { MeetingRespond } from './phone-meeting-respond';

type Outcome = { ok: boolean; text: string };

/** ?checkin=1 (a scanned code, or the QR link opened by the phone's own camera) checks in once, as the desktop's link does. */
function useCheckinOnce(id: number, wanted: boolean): Outcome | null {
  const qc = useQueryClient();
  const [, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const tried = useRef(false);
  useEffect(() => {
    if (!wanted || !id || tried.current) return;
    tried.current = true;
    meetingsApi
      .checkin(id)
      .then((r) => setOutcome({ ok: true, text: r.already ? `您已于 ${dayjs(r.at).format('HH:mm')} 签到` : '签到成功' }))
      .catch((err) => setOutcome({ ok: false, text: errorMessage(err, '签到失败') }))
      .finally(() => {
        void qc.invalidateQueries({ queryKey: ['meetings'] });
        setParams({ id: String(id) }, { replace: true });
      });
  }, [wanted, id, qc, setParams]);
  return outcome;
}

/** /m/apps/meeting?id=: a meeting on the phone — when and where, the agenda and materials, my answer and my check-in. */
export function PhoneMeetingPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const outcome = useCheckinOnce(id, params.get('checkin') === '1');
  const checkingIn = params.get('checkin') === '1' && !outcome;
  const q = useQuery({
    queryKey: ['meetings', 'detail', id],
    queryFn: () => meetingsApi.get(id),
    enabled: id > 0 && !checkingIn,
    retry: false,
  });
  const bar = <PhoneBar title="会议详情" home={`${APPS_BASE}/meetings`} />;
  if (!(id > 0))
    return (
      <div className="m-page">
        {bar}
        <Result status="warning" title="缺少会议编号" />
      </div>
    );
  return (
    <div className="m-page" data-testid="m-meeting-page">
      {bar}
      {outcome && (
        <Alert className="m-alert" type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} data-testid="m-checkin-result" />
      )}
      {q.isError ? (
        <Result status="warning" title="无法查看该会议" subTitle={errorMessage(q.error)} />
      ) : !q.data ? (
        <div className="m-center">
          <Spin size="large" />
        </div>
      ) : (
        <MeetingBody m={q.data} />
      )}
    </div>
  );
}

function MeetingBody({ m }: { m: MeetingDetail }) {
  const navigate = useNavigate();
  const me = useSession((s) => s.user?.userCode);
  const mine = m.invitees.find((i) => i.userCode === me);
  const rows: Array<[string, string]> = [
    ['时间', timeRange(m.startTime, m.endTime)],
    ['会议室', [m.roomName, m.room && `${m.room.building ?? ''}${m.room.floor ?? ''}${m.room.roomNo ?? ''}`].filter(Boolean).join(' · ')],
    ['组织者', `${m.organizerName}${m.deptName ? `（${m.deptName}）` : ''}`],
    ['主持人', m.hostName ?? m.organizerName],
    ['参会', `${m.invitees.length} 人，已签到 ${m.checkedIn} 人`],
  ];
  return (
    <>
      <section className="m-card">
        <h2 className="m-card-title" data-testid="m-meeting-title">
          {m.title}
        </h2>
        <div className="m-card-line">
          <MeetingStatusTag status={m.status} startTime={m.startTime} endTime={m.endTime} />
          <Tag>{m.meetingType}</Tag>
        </div>
        <dl className="m-dl">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      {(m.can.respond || mine) && (
        <section className="m-card" data-testid="m-my-attendance">
          <h2>我的参会</h2>
          {mine && (
            <div className="m-card-line">
              回复：<Tag color={RESPONSE_COLORS[mine.response]}>{RESPONSE_LABELS[mine.response]}</Tag>
              签到：
              {mine.checkinAt ? <Tag color="green">{dayjs(mine.checkinAt).format('HH:mm')} 已签到</Tag> : <Tag>未签到</Tag>}
            </div>
          )}
          {m.can.respond && !mine?.checkinAt && <MeetingRespond id={m.id} answer={m.myResponse} />}
          {m.can.checkin && !mine?.checkinAt && (
            <Button block type="primary" size="large" icon={<ScanOutlined />} onClick={() => navigate(`${APPS_BASE}/scan`)}>
              扫码签到
            </Button>
          )}
        </section>
      )}
      <section className="m-card">
        <h2>会议议程</h2>
        <p className="m-pre">{m.content || '暂无议程'}</p>
      </section>
      {m.materials.length > 0 && (
        <section className="m-card">
          <h2>会议材料</h2>
          <PhoneFileLinks files={m.materials} />
        </section>
      )}
    </>
  );
}
