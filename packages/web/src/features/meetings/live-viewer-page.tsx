import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Empty, List, Result, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { LIVE_STATUS_LABELS, type LiveMeeting } from '@oa/shared/contract/meetings';
import { errorMessage } from '../../lib/http-client';
import { liveApi } from './meetings.api';
import { HlsPlayer } from './hls-player';
import { probeInnerNet, streamAddress } from './inner-net';
import './meetings.css';

function Viewer({ m, replay }: { m: LiveMeeting; replay: boolean }) {
  const [inner, setInner] = useState<boolean | null>(null);
  useEffect(() => {
    let alive = true;
    void probeInnerNet(m.probeUrl).then((v) => alive && setInner(v));
    return () => {
      alive = false;
    };
  }, [m.probeUrl]);
  if (inner === null)
    return (
      <Spin tip="正在检测网络…" style={{ margin: 48 }}>
        <div />
      </Spin>
    );
  const src = replay ? m.replayUrl : streamAddress(inner, m);
  return (
    <>
      {src ? <HlsPlayer key={src} src={src} /> : <Empty description={replay ? '暂无回放' : '直播地址未配置'} />}
      <Descriptions size="small" column={3} style={{ marginTop: 12 }}>
        <Descriptions.Item label="状态">
          <Tag color={m.status === 'live' ? 'red' : undefined}>{replay ? '回放' : LIVE_STATUS_LABELS[m.status]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="线路">{replay ? '回放地址' : inner ? '内网' : '外网'}</Descriptions.Item>
        <Descriptions.Item label="主讲人">{m.speaker ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="开始时间">{m.startTime ? dayjs(m.startTime).format('YYYY-MM-DD HH:mm') : '—'}</Descriptions.Item>
        <Descriptions.Item label="编号">{m.infoCode}</Descriptions.Item>
        <Descriptions.Item label="说明">{m.remark ?? '—'}</Descriptions.Item>
      </Descriptions>
    </>
  );
}

/** /live and /live/index — the viewer: ?infoCode= a meeting (the top bar's banner), else the open one; &replay=1 its replay. */
export default function LiveViewerPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const infoCode = params.get('infoCode');
  const replay = params.get('replay') === '1';
  const one = useQuery({
    queryKey: ['live', 'one', infoCode],
    queryFn: () => liveApi.get({ infoCode: infoCode! }),
    enabled: !!infoCode,
    retry: false,
  });
  const open = useQuery({ queryKey: ['live', 'open'], queryFn: () => liveApi.list({ isClose: 'O', pageSize: 20 }) });
  const upcoming = useQuery({ queryKey: ['live', 'scheduled'], queryFn: () => liveApi.list({ status: 'scheduled', pageSize: 10 }) });
  const current = infoCode ? one.data : open.data?.list[0];
  const loading = infoCode ? one.isPending : open.isPending;
  return (
    <div className="oa-page" data-testid="live-viewer-page">
      <Space align="start" style={{ width: '100%' }} wrap>
        <Card title={current ? current.meetingTopic : '会议直播'} style={{ flex: 1, minWidth: 640 }}>
          {loading ? (
            <Spin />
          ) : one.isError ? (
            <Result status="404" title="直播不存在" subTitle={errorMessage(one.error)} />
          ) : current ? (
            <Viewer m={current} replay={replay} />
          ) : (
            <Empty description="当前没有正在进行的直播" />
          )}
        </Card>
        <Card title="正在直播 / 即将开始" style={{ width: 320 }}>
          <List
            size="small"
            dataSource={[...(open.data?.list ?? []), ...(upcoming.data?.list ?? [])]}
            locale={{ emptyText: '暂无' }}
            renderItem={(m) => (
              <List.Item
                actions={
                  m.status === 'live'
                    ? [
                        <Button key="w" type="link" size="small" onClick={() => navigate(`/live/index?infoCode=${m.infoCode}`)}>
                          观看
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={m.meetingTopic}
                  description={
                    <>
                      {m.status === 'live' ? <Tag color="red">直播中</Tag> : <Tag>未开始</Tag>}
                      {m.startTime ? dayjs(m.startTime).format('MM-DD HH:mm') : ''}
                    </>
                  }
                />
              </List.Item>
            )}
          />
          <Button type="link" onClick={() => navigate('/live/play')}>
            历史会议回放 ›
          </Button>
        </Card>
      </Space>
    </div>
  );
}
