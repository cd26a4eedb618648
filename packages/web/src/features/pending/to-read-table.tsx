import { useState, type HTMLAttributes } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Segmented, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import type { ToReadItem } from '@oa/shared/contract/to-read';
import { pendingApi } from './pending.api';
import { formatTime } from '../../lib/instance-status';
import { useListPager } from '../../lib/list-pager';

/** 待阅: items the areas send one to read (distributed documents…); opening one records the read and opens it. */
export function ToReadTable() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [read, setRead] = useState<'all' | 'N' | 'Y'>('N');
  const { page, reset, pagination } = useListPager();
  const list = useQuery({
    queryKey: ['pending', 'toRead', read, page],
    queryFn: () => pendingApi.toRead({ ...page, read: read === 'all' ? undefined : read }),
    placeholderData: keepPreviousData,
  });
  const open = async (r: ToReadItem) => {
    if (!r.readAt) {
      try {
        await pendingApi.toReadRead(r.source, r.id);
      } catch {
        /* opening the item records the read too */
      }
      void queryClient.invalidateQueries({ queryKey: ['pending'] });
    }
    navigate(r.path);
  };
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={read}
        onChange={(v) => {
          setRead(v as 'all' | 'N' | 'Y');
          reset();
        }}
        options={[
          { value: 'N', label: '未阅' },
          { value: 'Y', label: '已阅' },
          { value: 'all', label: '全部' },
        ]}
      />
      <Table<ToReadItem>
        rowKey={(r) => `${r.source}:${r.id}`}
        size="middle"
        data-testid="pending-to-read"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        onRow={(r) =>
          ({
            onClick: () => void open(r),
            style: { cursor: 'pointer' },
            'data-unread': r.readAt ? 'N' : 'Y',
          }) as HTMLAttributes<HTMLElement>
        }
        pagination={pagination(list.data)}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            ellipsis: true,
            render: (v: string, r) =>
              r.readAt ? (
                <a>{v}</a>
              ) : (
                <Badge dot offset={[6, 0]}>
                  <a style={{ fontWeight: 600 }}>{v}</a>
                </Badge>
              ),
          },
          { title: '文号', dataIndex: 'subtitle', width: 170, render: (v: string | null) => v ?? '—' },
          { title: '类别', dataIndex: 'sourceName', width: 80, render: (v: string) => <Tag>{v}</Tag> },
          { title: '收到时间', dataIndex: 'receivedAt', width: 150, render: formatTime },
          {
            title: '阅读',
            dataIndex: 'readAt',
            width: 150,
            render: (v: string | null) => (v ? formatTime(v) : <span style={{ color: '#fa8c16' }}>未阅</span>),
          },
        ]}
      />
    </>
  );
}
