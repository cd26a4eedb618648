import { useState } from 'react';
import { Alert, Button, Card, Input, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SESSION_KIND_LABELS, type LoginLock, type OnlineSession } from '@oa/shared/contract/account-security';
import { chinaDateTime } from '@oa/shared/format/china-time';
import { feedback } from '../../lib/feedback';
import { errorMessage } from '../../lib/http-client';
import { accountSecurityApi as api } from './account-security.api';

const PAGE_SIZE = 20;

/** Runs a change, tells its outcome and reloads the page's lists. */
function useAct() {
  const qc = useQueryClient();
  return async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      feedback().message.success(done);
    } catch (err) {
      feedback().message.error(errorMessage(err));
    } finally {
      await qc.invalidateQueries({ queryKey: ['accountSecurity'] });
    }
  };
}

function Locks() {
  const q = useQuery({ queryKey: ['accountSecurity', 'locks'], queryFn: api.locks });
  const act = useAct();
  return (
    <>
      {q.isError && <Alert type="error" showIcon message={errorMessage(q.error)} style={{ marginBottom: 12 }} />}
      <Table<LoginLock>
        rowKey="key"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: '当前没有被锁定的账号' }}
        columns={[
          { title: '类型', dataIndex: 'kind', width: 90, render: (k: LoginLock['kind']) => <Tag>{k === 'ip' ? '来源地址' : '账号'}</Tag> },
          { title: '登录名', dataIndex: 'name', width: 160 },
          { title: '姓名', dataIndex: 'userName', width: 120, render: (v: string | null) => v ?? '—' },
          { title: '失败次数', dataIndex: 'failures', width: 90 },
          { title: '首次失败', dataIndex: 'since', width: 170, render: (v: string) => chinaDateTime(v) },
          { title: '锁定至', dataIndex: 'lockedUntil', width: 170, render: (v: string) => chinaDateTime(v) },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) => (
              <Popconfirm title={`解除「${r.userName ?? r.name}」的锁定？`} onConfirm={() => act(() => api.unlock(r.key), '已解除锁定')}>
                <Button type="link" size="small">
                  解锁
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}

function Sessions() {
  const [page, setPage] = useState(1);
  const [who, setWho] = useState<string | undefined>();
  const q = useQuery({ queryKey: ['accountSecurity', 'sessions', page, who], queryFn: () => api.sessions(page, PAGE_SIZE, who) });
  const act = useAct();
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label="按账号筛选"
          placeholder="按账号筛选"
          style={{ width: 220 }}
          onSearch={(v) => (setWho(v.trim() || undefined), setPage(1))}
        />
      </Space>
      {q.isError && <Alert type="error" showIcon message={errorMessage(q.error)} style={{ marginBottom: 12 }} />}
      <Table<OnlineSession>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: q.data?.total ?? 0,
          onChange: setPage,
          showTotal: (n) => `共 ${n} 个会话`,
        }}
        columns={[
          {
            title: '账号',
            dataIndex: 'userCode',
            width: 170,
            render: (v: string, r) => (
              <Space size={4}>
                {r.userName ?? ''} {v}
                {r.current && <Tag color="blue">当前</Tag>}
              </Space>
            ),
          },
          { title: '部门', dataIndex: 'deptName', width: 120, render: (v: string | null) => v ?? '—' },
          { title: '方式', dataIndex: 'kind', width: 110, render: (k: OnlineSession['kind']) => SESSION_KIND_LABELS[k] },
          { title: '来源地址', dataIndex: 'ip', width: 130 },
          { title: '设备', dataIndex: 'device', width: 140 },
          { title: '登录时间', dataIndex: 'createdAt', width: 160, render: (v: string) => chinaDateTime(v) },
          { title: '最近活动', dataIndex: 'lastSeenAt', width: 160, render: (v: string) => chinaDateTime(v) },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) =>
              r.current ? null : (
                <Space size={0}>
                  <Popconfirm
                    title={`强制下线「${r.userName ?? r.userCode}」的这个会话？`}
                    onConfirm={() => act(() => api.endSession(r.id), '已强制下线')}
                  >
                    <Button type="link" size="small" danger>
                      强制下线
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={`强制下线「${r.userName ?? r.userCode}」的全部会话？`}
                    onConfirm={() => act(() => api.endUserSessions(r.userCode), '已强制下线此人的全部会话')}
                  >
                    <Button type="link" size="small" danger>
                      下线此人全部会话
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
    </>
  );
}

/** /accountSecurity (账号与会话): the security administrator lifts login locks and ends sessions. */
export default function AccountSecurityPage() {
  return (
    <Card size="small" title="账号与会话">
      <Tabs
        items={[
          { key: 'locks', label: '锁定账号', children: <Locks /> },
          { key: 'sessions', label: '在线会话', children: <Sessions /> },
        ]}
      />
    </Card>
  );
}
