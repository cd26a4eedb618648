import { useState } from 'react';
import { Card, Input, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { LiveMeeting } from '@oa/shared/contract/meetings';
import { useListPager } from '../../lib/list-pager';
import { liveApi } from './meetings.api';

/** /live/play — 历史会议: ended live meetings with a replay. */
export default function LivePlayPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState<string>();
  const { page, reset, pagination } = useListPager();
  const q = useQuery({ queryKey: ['live', 'replay', keyword, page], queryFn: () => liveApi.list({ replay: 'Y', keyword, ...page }) });
  return (
    <div className="oa-page" data-testid="live-play-page">
      <Card
        title="历史会议"
        extra={
          <Input.Search
            placeholder="会议主题"
            aria-label="会议主题"
            allowClear
            onSearch={(v) => {
              setKeyword(v || undefined);
              reset();
            }}
            style={{ width: 220 }}
          />
        }
      >
        <Table<LiveMeeting>
          rowKey="id"
          loading={q.isPending}
          dataSource={q.data?.list ?? []}
          pagination={pagination(q.data)}
          columns={[
            {
              title: '会议主题',
              render: (_, m) => (
                <Typography.Link onClick={() => navigate(`/live/index?infoCode=${m.infoCode}&replay=1`)}>{m.meetingTopic}</Typography.Link>
              ),
            },
            { title: '主讲人', dataIndex: 'speaker', render: (v: string | null) => v ?? '—' },
            { title: '开始时间', dataIndex: 'startTime', render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—') },
            {
              title: '时长',
              render: (_, m) =>
                m.startTime && m.endTime ? `${Math.round((Date.parse(m.endTime) - Date.parse(m.startTime)) / 60000)} 分钟` : '—',
            },
            {
              title: '操作',
              render: (_, m) => (
                <Typography.Link onClick={() => navigate(`/live/index?infoCode=${m.infoCode}&replay=1`)}>观看回放</Typography.Link>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
