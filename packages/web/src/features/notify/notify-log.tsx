import { useState } from 'react';
import { Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DELIVERY_STATUS_LABELS, NOTIFY_CHANNEL_LABELS, type DeliveryItem, type NotifyChannel } from '@oa/shared/contract/notify';
import { formatTime } from '@oa/shared/format/time';
import { useListPager } from '../../lib/list-pager';
import { notifyApi } from './notify.api';

type Status = DeliveryItem['status'];
const STATUS_COLORS: Record<Status, string> = { pending: 'blue', sending: 'processing', sent: 'green', failed: 'red' };

function Attempts({ id }: { id: string }) {
  const q = useQuery({ queryKey: ['notify', 'attempts', id], queryFn: () => notifyApi.attempts(id) });
  return (
    <Table
      rowKey={(a) => `${a.at}${a.answer}`}
      size="small"
      pagination={false}
      loading={q.isLoading}
      dataSource={q.data ?? []}
      columns={[
        { title: '时间', dataIndex: 'at', width: 170, render: (v: string) => formatTime(v) },
        { title: '结果', dataIndex: 'ok', width: 80, render: (ok: boolean) => (ok ? '成功' : '失败') },
        { title: '对方应答', dataIndex: 'answer' },
      ]}
    />
  );
}

/** The delivery log: every message sent out, its state, and each attempt with the far end's answer. */
export function NotifyLog() {
  const [status, setStatus] = useState<Status | undefined>();
  const pager = useListPager(20);
  const q = useQuery({ queryKey: ['notify', 'log', status, pager.page], queryFn: () => notifyApi.log({ ...pager.page, status }) });
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select<Status>
          allowClear
          aria-label="投递状态"
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          options={Object.entries(DELIVERY_STATUS_LABELS).map(([value, label]) => ({ value: value as Status, label }))}
          onChange={(v) => {
            setStatus(v);
            pager.reset();
          }}
        />
      </Space>
      <Table<DeliveryItem>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={pager.pagination(q.data)}
        scroll={{ x: 1300 }}
        expandable={{ expandedRowRender: (d) => <Attempts id={d.id} /> }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
          {
            title: '渠道',
            dataIndex: 'channel',
            width: 150,
            render: (c: string) => NOTIFY_CHANNEL_LABELS[c as NotifyChannel] ?? c,
          },
          { title: '接收人', dataIndex: 'userName', width: 100 },
          { title: '地址', dataIndex: 'address', width: 200, ellipsis: true },
          { title: '消息', dataIndex: 'title', width: 280, ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 100,
            // a pending delivery that was tried already waits for its retry
            render: (s: Status, d: DeliveryItem) =>
              s === 'pending' && d.attempts > 0 ? (
                <Tag color="orange">重试中</Tag>
              ) : (
                <Tag color={STATUS_COLORS[s]}>{DELIVERY_STATUS_LABELS[s]}</Tag>
              ),
          },
          { title: '尝试', dataIndex: 'attempts', width: 60 },
          { title: '最近应答', dataIndex: 'lastAnswer', width: 220, ellipsis: true, render: (v: string | null) => v ?? '—' },
        ]}
      />
    </>
  );
}
