import { Suspense, lazy, useState } from 'react';
import { Button, Card, Input, Popconfirm, Segmented, Select, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  MEETING_STATUS_LABELS,
  MEETING_STATUSES,
  type MeetingItem,
  type MeetingRoom,
  type MeetingStatus,
} from '@oa/shared/contract/meetings';
import { errorMessage } from '../../lib/http-client';
import { feedback } from '../../lib/feedback';
import { useListPager } from '../../lib/list-pager';
import { meetingsApi } from './meetings.api';
import { MeetingStatusTag, timeRange } from './meeting-status';
import { RoomFormModal } from './room-form-modal';
import './meetings.css';

const UsageCharts = lazy(() => import('./usage-charts'));
/** This page runs in its own window (spec §2): meetings open in the main application. */
const openMeeting = (id: number) => window.open(`/oa/meeting/detail?id=${id}`, '_blank', 'noopener');

function Board() {
  const [range, setRange] = useState<'today' | 'week' | 'month'>('today');
  const q = useQuery({ queryKey: ['meetings', 'arrangement', range], queryFn: () => meetingsApi.arrangement(range) });
  const days = new Map<string, MeetingItem[]>();
  for (const m of q.data?.meetings ?? []) {
    const k = dayjs(m.startTime).format('YYYY-MM-DD dddd');
    days.set(k, [...(days.get(k) ?? []), m]);
  }
  return (
    <>
      <Segmented
        value={range}
        onChange={setRange}
        options={[
          { label: '今日', value: 'today' },
          { label: '本周', value: 'week' },
          { label: '本月', value: 'month' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {q.isPending ? (
        <Spin />
      ) : (
        <>
          {range !== 'month' &&
            ([...days].length === 0 ? (
              <Typography.Text type="secondary">该时段没有会议安排</Typography.Text>
            ) : (
              [...days].map(([day, list]) => (
                <Card key={day} size="small" title={day} style={{ marginBottom: 12 }}>
                  <Table<MeetingItem>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={list}
                    onRow={(m) => ({ onClick: () => openMeeting(m.id), style: { cursor: 'pointer' } })}
                    columns={[
                      {
                        title: '时间',
                        width: 130,
                        render: (_, m) => `${dayjs(m.startTime).format('HH:mm')}–${dayjs(m.endTime).format('HH:mm')}`,
                      },
                      { title: '会议', dataIndex: 'title' },
                      { title: '会议室', dataIndex: 'roomName', width: 120 },
                      { title: '主持人', width: 100, render: (_, m) => m.hostName ?? m.organizerName },
                      { title: '部门', dataIndex: 'deptName', width: 120 },
                      { title: '签到', dataIndex: 'checkedIn', width: 70 },
                      {
                        title: '状态',
                        width: 120,
                        render: (_, m) => <MeetingStatusTag status={m.status} startTime={m.startTime} endTime={m.endTime} />,
                      },
                    ]}
                  />
                </Card>
              ))
            ))}
          {q.data && (
            <Card
              size="small"
              title={`使用统计（${dayjs(q.data.from).format('MM-DD')} 至 ${dayjs(q.data.to).subtract(1, 'minute').format('MM-DD')}）`}
            >
              <Suspense fallback={<Spin />}>
                <UsageCharts data={q.data} />
              </Suspense>
            </Card>
          )}
        </>
      )}
    </>
  );
}

function AllMeetings() {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<{ keyword?: string; status?: MeetingStatus; roomId?: number }>({});
  const { page, reset, pagination } = useListPager(20);
  const rooms = useQuery({ queryKey: ['meetings', 'rooms', 'all'], queryFn: () => meetingsApi.rooms() });
  const q = useQuery({ queryKey: ['meetings', 'all', filter, page], queryFn: () => meetingsApi.list({ view: 'all', ...filter, ...page }) });
  const cancel = async (id: number) => {
    try {
      await meetingsApi.cancel(id, 'one', '会议管理员取消');
      feedback().message.success('会议已取消');
      void qc.invalidateQueries({ queryKey: ['meetings'] });
    } catch (err) {
      feedback().message.error(errorMessage(err));
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
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
          style={{ width: 160 }}
          onChange={(status) => setFilter({ ...filter, status })}
          options={MEETING_STATUSES.map((s) => ({ value: s, label: MEETING_STATUS_LABELS[s] }))}
        />
        <Select
          allowClear
          placeholder="会议室"
          aria-label="会议室"
          style={{ width: 160 }}
          onChange={(roomId) => setFilter({ ...filter, roomId })}
          options={(rooms.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Space>
      <Table<MeetingItem>
        rowKey="id"
        size="middle"
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        pagination={pagination(q.data)}
        columns={[
          { title: '会议主题', render: (_, m) => <Typography.Link onClick={() => openMeeting(m.id)}>{m.title}</Typography.Link> },
          { title: '时间', width: 190, render: (_, m) => timeRange(m.startTime, m.endTime) },
          { title: '会议室', dataIndex: 'roomName', width: 120 },
          { title: '组织者', width: 150, render: (_, m) => `${m.organizerName}${m.deptName ? `（${m.deptName}）` : ''}` },
          {
            title: '状态',
            width: 130,
            render: (_, m) => <MeetingStatusTag status={m.status} startTime={m.startTime} endTime={m.endTime} />,
          },
          {
            title: '操作',
            width: 90,
            render: (_, m) =>
              (m.status === 'approved' || m.status === 'pending') && Date.parse(m.endTime) > Date.now() ? (
                <Popconfirm title="确定取消该会议吗？" onConfirm={() => void cancel(m.id)}>
                  <Button type="link" size="small" danger>
                    取消
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </>
  );
}

function Rooms() {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ room: MeetingRoom | null } | null>(null);
  const q = useQuery({ queryKey: ['meetings', 'rooms', 'all'], queryFn: () => meetingsApi.rooms() });
  const reload = () => void qc.invalidateQueries({ queryKey: ['meetings'] });
  const remove = async (id: number) => {
    try {
      await meetingsApi.removeRoom(id);
      feedback().message.success('删除成功');
      reload();
    } catch (err) {
      feedback().message.error(errorMessage(err, '删除失败'));
    }
  };
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing({ room: null })}>
        新增会议室
      </Button>
      <Table<MeetingRoom>
        rowKey="id"
        size="middle"
        loading={q.isPending}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '位置', render: (_, r) => [r.building, r.floor, r.roomNo].filter(Boolean).join(' ') || '—' },
          { title: '容纳', dataIndex: 'capacity', width: 70 },
          { title: '设备', render: (_, r) => r.equipment.map((e) => <Tag key={e}>{e}</Tag>) },
          {
            title: '审批',
            width: 140,
            render: (_, r) => (r.needApproval === 'Y' ? `需审批（${r.approverName ?? r.approver}）` : '无需审批'),
          },
          { title: '状态', width: 90, render: (_, r) => (r.available === 'Y' ? <Tag color="green">可用</Tag> : <Tag>暂停使用</Tag>) },
          {
            title: '操作',
            width: 130,
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing({ room: r })}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该会议室吗？" onConfirm={() => void remove(r.id)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <RoomFormModal
          room={editing.room}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </>
  );
}

/** /meetingManage/meeting — 会议管理平台 (its own window): arrangement board with statistics, all meetings, the room register. */
export default function MeetingManagePage() {
  return (
    <div style={{ padding: 24, background: '#f5f7fa', minHeight: '100vh' }} data-testid="meeting-manage-page">
      <Card title="会议管理平台">
        <Tabs
          items={[
            { key: 'board', label: '会议安排', children: <Board /> },
            { key: 'all', label: '全部会议', children: <AllMeetings /> },
            { key: 'rooms', label: '会议室管理', children: <Rooms /> },
          ]}
        />
      </Card>
    </div>
  );
}
