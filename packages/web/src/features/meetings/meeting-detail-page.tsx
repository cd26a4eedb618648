import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Image,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { QRCodeSVG } from 'qrcode.react';
import dayjs from 'dayjs';
import type { MeetingDetail } from '@oa/shared/contract/meetings';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { downloadFile } from '../../lib/files-transfer';
import { imageUrl } from '../../lib/files-url';
import { processApi } from '../../engine/process.api';
import { meetingsApi } from './meetings.api';
import { MeetingStatusTag, RESPONSE_COLORS, RESPONSE_LABELS } from './meeting-status';
import { MeetingMinutes } from './meeting-minutes';
import { checkinPath, checkinUrl } from './checkin-link';
import { DeclineReason } from './decline-reason';

type Invitee = MeetingDetail['invitees'][number];

function ApprovalBar({ m, onDone }: { m: MeetingDetail; onDone: () => void }) {
  const view = useQuery({
    queryKey: ['meetings', 'process', m.seriesId],
    queryFn: () => processApi.view('oa_meeting', String(m.seriesId)),
    enabled: m.status === 'pending',
  });
  const [comment, setComment] = useState('');
  const task = view.data?.myTask;
  if (!task) return null;
  const act = async (kind: 'approve' | 'reject') => {
    try {
      if (kind === 'approve') await processApi.approve(task.taskId, comment || undefined);
      else await processApi.reject(task.taskId, comment || '不同意');
      feedback().message.success(kind === 'approve' ? '已同意' : '已驳回');
      onDone();
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
  };
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="该会议室预订等待您审批"
      description={
        <Space style={{ marginTop: 8 }} wrap>
          <Input placeholder="审批意见" value={comment} onChange={(e) => setComment(e.target.value)} style={{ width: 280 }} />
          <Button type="primary" onClick={() => void act('approve')}>
            同意
          </Button>
          <Button danger onClick={() => void act('reject')}>
            驳回
          </Button>
        </Space>
      }
    />
  );
}

/** /meeting/detail?id= — the meeting: invitation answer, check-in (QR and by hand), materials, minutes. ?checkin=1 checks in. */
export default function MeetingDetailPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const wantsCheckin = params.get('checkin') === '1';
  const [checkinResult, setCheckinResult] = useState<{ ok: boolean; text: string } | null>(null);
  // a check-in link reads the meeting after checking in: read beside it, the page could keep the answer from before
  const q = useQuery({
    queryKey: ['meetings', 'detail', id],
    queryFn: () => meetingsApi.get(id),
    enabled: id > 0 && (!wantsCheckin || checkinResult !== null),
    retry: false,
  });
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [walkIn, setWalkIn] = useState<string>();
  const [cancelScope, setCancelScope] = useState<'one' | 'series'>('one');
  const tried = useRef(false);
  const reload = () => void qc.invalidateQueries({ queryKey: ['meetings'] });

  useEffect(() => {
    if (!wantsCheckin || tried.current || !id) return;
    tried.current = true;
    meetingsApi
      .checkin(id)
      .then((r) => {
        setCheckinResult({ ok: true, text: r.already ? `您已于 ${dayjs(r.at).format('HH:mm')} 签到` : '签到成功' });
        reload();
      })
      .catch((err) => setCheckinResult({ ok: false, text: errorMessage(err, '签到失败') }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened link
  }, [wantsCheckin, id]);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      feedback().message.success(done);
      reload();
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
  };

  if (!id) return <Result status="404" title="缺少会议编号" />;
  if (q.isPending) return <Spin style={{ margin: 48 }} />;
  if (q.isError)
    return (
      <Result
        status="403"
        title="无法查看该会议"
        subTitle={errorMessage(q.error)}
        extra={<Button onClick={() => navigate('/meeting')}>返回会议室预订</Button>}
      />
    );
  const m = q.data;
  const series = m.occurrences > 1;
  return (
    <div className="oa-page" data-testid="meeting-detail-page">
      {checkinResult && (
        <Alert
          type={checkinResult.ok ? 'success' : 'error'}
          showIcon
          title={checkinResult.text}
          style={{ marginBottom: 16 }}
          data-testid="checkin-result"
        />
      )}
      <ApprovalBar m={m} onDone={reload} />
      <Card
        title={
          <Space>
            <span data-testid="meeting-title">{m.title}</span>
            <MeetingStatusTag status={m.status} startTime={m.startTime} endTime={m.endTime} />
          </Space>
        }
        extra={
          <Space>
            {m.can.edit && <Button onClick={() => navigate(`/meeting/editMeeting?id=${m.id}`)}>修改</Button>}
            {m.can.cancel && (
              <Popconfirm
                title="确定取消会议吗？"
                description={
                  series ? (
                    <Radio.Group
                      value={cancelScope}
                      onChange={(e) => setCancelScope(e.target.value)}
                      options={[
                        { value: 'one', label: '仅本场' },
                        { value: 'series', label: '本场及以后各场' },
                      ]}
                    />
                  ) : (
                    '参会人员将看到会议已取消'
                  )
                }
                onConfirm={() => void run(() => meetingsApi.cancel(m.id, cancelScope), '会议已取消')}
              >
                <Button danger>取消会议</Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        {m.status === 'released' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`会议开始 ${m.releaseMinutes} 分钟后无人签到，会议室已自动释放`}
          />
        )}
        {m.cancelReason && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`取消/驳回原因：${m.cancelReason}`} />}
        <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
          <Descriptions column={2} size="small" bordered style={{ flex: 1, minWidth: 480 }}>
            <Descriptions.Item label="会议时间" span={2}>
              {dayjs(m.startTime).format('YYYY-MM-DD HH:mm')} – {dayjs(m.endTime).format('HH:mm')}
              {series ? `（系列会议，共 ${m.occurrences} 场）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="会议室">
              {m.roomName}
              {m.room ? `（${m.room.building ?? ''}${m.room.floor ?? ''}${m.room.roomNo ?? ''}，${m.room.capacity}人）` : ''}
              {m.room?.photoFileId && (
                <div>
                  <Image src={imageUrl(m.room.photoFileId)} width={120} height={72} style={{ objectFit: 'cover', marginTop: 4 }} />
                </div>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="会议类型">{m.meetingType}</Descriptions.Item>
            <Descriptions.Item label="组织者">
              {m.organizerName}
              {m.deptName ? `（${m.deptName}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="主持人">{m.hostName ?? m.organizerName}</Descriptions.Item>
            <Descriptions.Item label="参会部门" span={2}>
              {m.inviteDepts.map((d) => d.deptName).join('、') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="会议议程" span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.content || '—'}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="会议材料" span={2}>
              {m.materials.length
                ? m.materials.map((f) => (
                    <div key={f.fileId}>
                      <Typography.Link onClick={() => void downloadFile(f.fileId, f.fileName)}>{f.fileName}</Typography.Link>
                    </div>
                  ))
                : '—'}
            </Descriptions.Item>
          </Descriptions>
          {m.status === 'approved' && (
            <div style={{ textAlign: 'center' }} data-testid="checkin-qr">
              <QRCodeSVG value={checkinUrl(m.id)} size={150} title="会议签到二维码" />
              <div style={{ color: '#666', fontSize: 12, marginTop: 4 }}>扫码签到（开始前30分钟开放）</div>
              <Typography.Link href={checkinPath(m.id)} data-testid="checkin-link">
                签到链接
              </Typography.Link>
            </div>
          )}
        </div>
        {m.can.respond && (
          <Space style={{ marginTop: 16 }}>
            <span>
              我的回复：<Tag color={RESPONSE_COLORS[m.myResponse ?? 'pending']}>{RESPONSE_LABELS[m.myResponse ?? 'pending']}</Tag>
            </span>
            {m.myResponse !== 'accepted' && (
              <Button type="primary" onClick={() => void run(() => meetingsApi.respond(m.id, 'accepted'), '已确认参加')}>
                参加
              </Button>
            )}
            {m.myResponse !== 'declined' && <Button onClick={() => setDeclining(true)}>不参加</Button>}
          </Space>
        )}
        {m.can.checkin && (
          <div style={{ marginTop: 16 }}>
            <Button type="primary" onClick={() => void run(() => meetingsApi.checkin(m.id), '签到成功')}>
              签到
            </Button>
          </div>
        )}
      </Card>

      <Card
        title={`参会人员（已签到 ${m.checkedIn} / ${m.invitees.length}）`}
        style={{ marginTop: 16 }}
        extra={
          m.can.manageCheckin && (
            <Space>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder="代为签到"
                aria-label="代为签到"
                style={{ width: 200 }}
                value={walkIn}
                onChange={setWalkIn}
                options={m.invitees.filter((i) => !i.checkinAt).map((i) => ({ value: i.userCode, label: i.userName }))}
              />
              <Button
                disabled={!walkIn}
                onClick={() => walkIn && void run(() => meetingsApi.checkinBy(m.id, walkIn), '签到成功').then(() => setWalkIn(undefined))}
              >
                签到
              </Button>
            </Space>
          )
        }
      >
        <Table<Invitee>
          rowKey="userCode"
          size="small"
          pagination={false}
          dataSource={m.invitees}
          columns={[
            { title: '姓名', dataIndex: 'userName' },
            { title: '部门', dataIndex: 'deptName', render: (v: string | null) => v ?? '—' },
            { title: '回复', render: (_, i) => <Tag color={RESPONSE_COLORS[i.response]}>{RESPONSE_LABELS[i.response]}</Tag> },
            { title: '不参加原因', dataIndex: 'declineReason', render: (v: string | null) => v ?? '' },
            {
              title: '签到',
              render: (_, i) =>
                i.checkinAt ? (
                  <Tag color="green">
                    {dayjs(i.checkinAt).format('HH:mm')} 已签到{i.checkinBy && i.checkinBy !== i.userCode ? '（代签）' : ''}
                  </Tag>
                ) : (
                  <Tag>未签到</Tag>
                ),
            },
            ...(m.can.manageCheckin
              ? [
                  {
                    title: '操作',
                    render: (_: unknown, i: Invitee) =>
                      i.checkinAt ? null : (
                        <Button
                          size="small"
                          type="link"
                          onClick={() => void run(() => meetingsApi.checkinBy(m.id, i.userCode), '签到成功')}
                        >
                          代为签到
                        </Button>
                      ),
                  },
                ]
              : []),
          ]}
        />
      </Card>

      <MeetingMinutes m={m} onSaved={reload} />

      <Modal
        open={declining}
        title="不参加会议"
        okText="确定"
        onCancel={() => setDeclining(false)}
        onOk={() => void run(() => meetingsApi.respond(m.id, 'declined', reason), '已回复不参加').then(() => setDeclining(false))}
      >
        <DeclineReason value={reason} onChange={setReason} />
      </Modal>
    </div>
  );
}
