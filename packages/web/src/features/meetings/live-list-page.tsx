import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { LIVE_STATUSES, LIVE_STATUS_LABELS, type LiveMeeting, type LiveStatus } from '@oa/shared/contract/meetings';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { useListPager } from '../../lib/list-pager';
import { liveApi } from './meetings.api';

const COLORS: Record<LiveStatus, string> = { scheduled: 'blue', live: 'red', ended: 'default' };

/** /live/list — 直播维护: every live meeting; start, edit, close (ends it, the banner goes) and delete. */
export default function LiveListPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<{ keyword?: string; status?: LiveStatus }>({});
  const { page, reset, pagination } = useListPager();
  const q = useQuery({ queryKey: ['live', 'list', filter, page], queryFn: () => liveApi.list({ ...filter, ...page }) });
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      feedback().message.success(done);
      void qc.invalidateQueries({ queryKey: ['live'] });
      void qc.invalidateQueries({ queryKey: ['live-meetings'] });
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
  };
  const start = (m: LiveMeeting) =>
    run(
      () =>
        liveApi.save({
          id: m.id,
          meetingTopic: m.meetingTopic,
          status: 'live',
          startTime: null,
          innerUrl: m.innerUrl,
          outerUrl: m.outerUrl,
          replayUrl: m.replayUrl,
          speaker: m.speaker,
          remark: m.remark,
        }),
      '直播已开始',
    );
  return (
    <div className="oa-page" data-testid="live-list-page">
      <Card
        title="直播维护"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/live/edit')}>
            新建直播
          </Button>
        }
      >
        <Space style={{ marginBottom: 12 }}>
          <Input.Search
            placeholder="会议主题"
            aria-label="会议主题"
            allowClear
            onSearch={(keyword) => {
              setFilter({ ...filter, keyword: keyword || undefined });
              reset();
            }}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            placeholder="状态"
            aria-label="状态"
            style={{ width: 140 }}
            onChange={(status) => {
              setFilter({ ...filter, status });
              reset();
            }}
            options={LIVE_STATUSES.map((s) => ({ value: s, label: LIVE_STATUS_LABELS[s] }))}
          />
        </Space>
        <Table<LiveMeeting>
          rowKey="id"
          loading={q.isPending}
          dataSource={q.data?.list ?? []}
          pagination={pagination(q.data)}
          columns={[
            {
              title: '会议主题',
              render: (_, m) => (
                <Typography.Link onClick={() => navigate(`/live/index?infoCode=${m.infoCode}${m.status === 'ended' ? '&replay=1' : ''}`)}>
                  {m.meetingTopic}
                </Typography.Link>
              ),
            },
            { title: '编号', dataIndex: 'infoCode', width: 160 },
            { title: '主讲人', dataIndex: 'speaker', width: 100, render: (v: string | null) => v ?? '—' },
            {
              title: '开始时间',
              dataIndex: 'startTime',
              width: 150,
              render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              render: (s: LiveStatus) => <Tag color={COLORS[s]}>{LIVE_STATUS_LABELS[s]}</Tag>,
            },
            { title: '回放', width: 70, render: (_, m) => (m.replayUrl ? '有' : '—') },
            {
              title: '操作',
              width: 220,
              render: (_, m) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => navigate(`/live/edit?id=${m.id}`)}>
                    编辑
                  </Button>
                  {m.status === 'scheduled' && (
                    <Button type="link" size="small" onClick={() => void start(m)}>
                      开始直播
                    </Button>
                  )}
                  {m.status !== 'ended' && (
                    <Popconfirm title="确定结束该直播吗？" onConfirm={() => void run(() => liveApi.close(m.id), '直播已结束')}>
                      <Button type="link" size="small">
                        结束
                      </Button>
                    </Popconfirm>
                  )}
                  <Popconfirm title="确定删除该直播吗？" onConfirm={() => void run(() => liveApi.remove(m.id), '删除成功')}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
