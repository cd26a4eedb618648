import { Card, Empty, List, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { meetingsApi } from './meetings.api';
import { MeetingStatusTag, RESPONSE_COLORS, RESPONSE_LABELS } from './meeting-status';
import { actionLink } from '../../lib/action-link';

/** 今日会议 (工作 tab): my meetings today — organised, hosted or invited to. */
export function MeetingsHomeWidget() {
  const navigate = useNavigate();
  const from = dayjs().startOf('day');
  const q = useQuery({
    queryKey: ['meetings', 'today', from.format('YYYY-MM-DD')],
    queryFn: () => meetingsApi.list({ view: 'mine', from: from.toISOString(), to: from.add(1, 'day').toISOString(), pageSize: 20 }),
    refetchInterval: 120_000,
  });
  const list = (q.data?.list ?? []).filter((m) => m.status === 'approved' || m.status === 'pending');
  return (
    <Card
      title="今日会议"
      size="small"
      loading={q.isPending}
      extra={<a {...actionLink(() => navigate('/meeting'), 'link')}>会议室预订</a>}
      data-testid="meetings-home-widget"
    >
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="今天没有会议" />
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(m) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(`/meeting/detail?id=${m.id}`)}
              extra={
                m.myResponse === 'pending' ? (
                  <Tag color={RESPONSE_COLORS.pending}>{RESPONSE_LABELS.pending}</Tag>
                ) : (
                  <MeetingStatusTag status={m.status} startTime={m.startTime} endTime={m.endTime} />
                )
              }
            >
              <List.Item.Meta
                title={m.title}
                description={`${dayjs(m.startTime).format('HH:mm')}–${dayjs(m.endTime).format('HH:mm')} · ${m.roomName}`}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
