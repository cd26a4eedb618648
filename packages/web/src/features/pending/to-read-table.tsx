import { useState, type HTMLAttributes } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import type { ToReadItem } from '@oa/shared/contract/to-read';
import { pendingApi } from './pending.api';
import { ReadFilterSwitch, readAtColumn, readStateTitleColumn, type ReadFilter } from './pending-shared';
import { formatTime } from '../../components/instance-status';
import { useListPager } from '../../lib/list-pager';

/** 待阅: items the areas send one to read (distributed documents…); opening one records the read and opens it. */
export function ToReadTable() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [read, setRead] = useState<ReadFilter>('N');
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
      <ReadFilterSwitch
        value={read}
        onChange={(v) => {
          setRead(v);
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
          readStateTitleColumn((r) => open(r)),
          { title: '文号', dataIndex: 'subtitle', width: 170, render: (v: string | null) => v ?? '—' },
          { title: '类别', dataIndex: 'sourceName', width: 80, render: (v: string) => <Tag>{v}</Tag> },
          { title: '收到时间', dataIndex: 'receivedAt', width: 150, render: formatTime },
          readAtColumn('未阅'),
        ]}
      />
    </>
  );
}
