import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, List, Segmented, Space, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { NotificationItem } from '@oa/shared/contract/workflow';
import { feedback } from '../../lib/feedback';
import { useLiveCounts } from './live-counts';
import { pendingApi, previewPath } from './pending.api';
import { formatTime } from '../../components/instance-status';
import { notifyError } from '../../lib/notify-error';
import { useListPager } from '../../lib/list-pager';

const KIND: Record<NotificationItem['kind'], { color: string; text: string }> = {
  task: { color: 'orange', text: '待办' },
  cc: { color: 'cyan', text: '抄送' },
  urge: { color: 'red', text: '催办' },
  remind: { color: 'gold', text: '超时提醒' },
  result: { color: 'green', text: '审批结果' },
  return: { color: 'volcano', text: '退回' },
  comment: { color: 'blue', text: '评论' },
  system: { color: 'default', text: '系统' },
};

/** /message — notifications with live unread counts; mark one or all read; open the record. */
export default function MessagePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const counts = useLiveCounts();
  const [unreadOnly, setUnreadOnly] = useState<'Y' | 'N'>('N');
  const { page, reset, pagination } = useListPager();
  const list = useQuery({
    queryKey: ['pending', 'notifications', unreadOnly, page],
    queryFn: () => pendingApi.notifications({ ...page, unreadOnly }),
    placeholderData: keepPreviousData,
  });
  const unread = counts.data?.notifications ?? 0;

  const markRead = async (ids?: string[]) => {
    try {
      await pendingApi.readNotifications(ids);
      void queryClient.invalidateQueries({ queryKey: ['pending'] });
      if (!ids) feedback().message.success('已全部标记为已读');
    } catch (err) {
      notifyError(err);
    }
  };
  const open = async (n: NotificationItem) => {
    if (!n.readAt) await markRead([n.id]);
    const p = previewPath(n.moduleCode, n.recordId);
    if (p) navigate(p);
  };

  return (
    <div className="oa-page" data-testid="message-page">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space>
          <Segmented
            value={unreadOnly}
            onChange={(v) => {
              setUnreadOnly(v as 'Y' | 'N');
              reset();
            }}
            options={[
              { value: 'N', label: '全部消息' },
              {
                value: 'Y',
                label: (
                  <span>
                    未读 <Badge count={unread} size="small" showZero={false} />
                  </span>
                ),
              },
            ]}
          />
          <Typography.Text type="secondary" data-testid="message-unread">
            未读 {unread} 条
          </Typography.Text>
        </Space>
        <Button icon={<CheckOutlined />} disabled={unread === 0} onClick={() => void markRead()} data-testid="message-read-all">
          全部标为已读
        </Button>
      </Space>
      <List<NotificationItem>
        bordered
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '暂无消息' }}
        pagination={{ ...pagination(list.data), align: 'end' }}
        renderItem={(n) => (
          <List.Item
            data-testid="message-item"
            data-unread={n.readAt ? 'N' : 'Y'}
            style={{ cursor: 'pointer', background: n.readAt ? undefined : '#f0f7ff' }}
            onClick={() => void open(n)}
            actions={
              n.readAt
                ? []
                : [
                    <a
                      key="read"
                      onClick={(e) => {
                        e.stopPropagation();
                        void markRead([n.id]);
                      }}
                    >
                      标为已读
                    </a>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={
                <Badge dot={!n.readAt}>
                  <Tag color={KIND[n.kind].color} style={{ marginRight: 0 }}>
                    {KIND[n.kind].text}
                  </Tag>
                </Badge>
              }
              title={<span style={{ fontWeight: n.readAt ? 400 : 600 }}>{n.title}</span>}
              description={
                <>
                  <div>{n.content}</div>
                  <div style={{ fontSize: 12, color: '#666' }}>{formatTime(n.createdAt)}</div>
                </>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
