import { useState, type HTMLAttributes } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import type { CcItem } from '@oa/shared/contract/workflow';
import { moduleName, pendingApi, previewPath } from './pending.api';
import {
  ListFilterBar,
  ReadFilterSwitch,
  StatusTag,
  readAtColumn,
  readStateTitleColumn,
  type ListFilter,
  type ReadFilter,
} from './pending-shared';
import { formatTime } from '../../components/instance-status';
import { useListPager } from '../../lib/list-pager';

/** 抄送我的: unread copies in bold; opening one marks it read and opens the record. */
export function CcTable() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ListFilter>({});
  const [read, setRead] = useState<ReadFilter>('all');
  const { page, reset, pagination } = useListPager();
  const list = useQuery({
    queryKey: ['pending', 'cc', filter, read, page],
    queryFn: () => pendingApi.cc({ ...page, ...filter, read: read === 'all' ? undefined : read }),
    placeholderData: keepPreviousData,
  });
  const open = async (c: CcItem) => {
    if (!c.readAt) {
      try {
        await pendingApi.ccRead(c.ccId);
      } catch {
        /* the preview marks it read too */
      }
      void queryClient.invalidateQueries({ queryKey: ['pending'] });
    }
    const p = previewPath(c.moduleCode, c.recordId);
    if (p) navigate(p);
  };
  return (
    <>
      <Space wrap>
        <ListFilterBar
          value={filter}
          onChange={(f) => {
            setFilter(f);
            reset();
          }}
        />
        <ReadFilterSwitch
          value={read}
          onChange={(v) => {
            setRead(v);
            reset();
          }}
          options={[
            { value: 'all', label: '全部' },
            { value: 'N', label: '未读' },
            { value: 'Y', label: '已读' },
          ]}
        />
      </Space>
      <Table<CcItem>
        rowKey="ccId"
        size="middle"
        data-testid="pending-cc"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        onRow={(c) =>
          ({
            onClick: () => void open(c),
            style: { cursor: 'pointer', fontWeight: c.readAt ? undefined : 600 },
            'data-unread': c.readAt ? 'N' : 'Y',
          }) as HTMLAttributes<HTMLElement>
        }
        pagination={pagination(list.data)}
        columns={[
          readStateTitleColumn((c) => open(c)),
          { title: '编号', dataIndex: 'serialNo', width: 130 },
          { title: '业务', dataIndex: 'moduleCode', width: 100, render: moduleName },
          { title: '发起人', dataIndex: 'initiatorName', width: 90 },
          { title: '抄送节点', dataIndex: 'nodeName', width: 120 },
          { title: '抄送时间', dataIndex: 'createdAt', width: 150, render: formatTime },
          readAtColumn('未读'),
          { title: '流程状态', dataIndex: 'instanceStatus', width: 90, render: (s: CcItem['instanceStatus']) => <StatusTag status={s} /> },
        ]}
      />
    </>
  );
}
