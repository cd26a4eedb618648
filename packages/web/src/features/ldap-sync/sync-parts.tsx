import { Descriptions, Table, Tag } from 'antd';
import {
  SYNC_CHANGE_LABELS,
  SYNC_KIND_LABELS,
  SYNC_STATUS_LABELS,
  SYNC_TRIGGER_LABELS,
  type DirectoryCounts,
  type DirectoryState,
  type SyncChange,
  type SyncRun,
} from '@oa/shared/contract/directory-sync';
import { formatTime } from '@oa/shared/format/time';

const COLORS: Record<SyncChange['kind'], string> = {
  createUser: 'green',
  updateUser: 'blue',
  disableUser: 'red',
  enableUser: 'cyan',
  createDept: 'green',
  updateDept: 'blue',
  skip: 'default',
};

/** "新建 3 · 更新 1 · 停用 0 …" of a run. */
export function countsText(c: DirectoryCounts): string {
  return [
    `新建账号 ${c.usersCreated}`,
    `更新 ${c.usersUpdated}`,
    `停用 ${c.usersDisabled}`,
    `恢复 ${c.usersEnabled}`,
    `新建部门 ${c.deptsCreated}`,
    `更新部门 ${c.deptsUpdated}`,
    `跳过 ${c.skipped}`,
  ].join(' · ');
}

/** The directory's configuration as the server has it (no password ever reaches the page). */
export function DirectorySettings({ s }: { s: DirectoryState }) {
  const none = '（未设置）';
  return (
    <Descriptions size="small" column={2} style={{ marginBottom: 16 }} data-testid="ldap-settings">
      <Descriptions.Item label="目录服务地址">{`${s.url ?? none}${s.startTls ? '（STARTTLS）' : ''}`}</Descriptions.Item>
      <Descriptions.Item label="服务账号">{s.bindDn ?? '匿名查询'}</Descriptions.Item>
      <Descriptions.Item label="人员查询起点">{s.userBase ?? none}</Descriptions.Item>
      <Descriptions.Item label="人员筛选条件">{s.userFilter ?? none}</Descriptions.Item>
      <Descriptions.Item label="属性对应">
        {s.attrs
          ? `账号 ${s.attrs.login}，姓名 ${s.attrs.name}，邮箱 ${s.attrs.mail}，手机 ${s.attrs.mobile}${s.attrs.dept ? `，部门 ${s.attrs.dept}` : ''}`
          : none}
      </Descriptions.Item>
      <Descriptions.Item label="部门（组织单位）起点">{s.deptBase ?? '不按组织单位建部门'}</Descriptions.Item>
      <Descriptions.Item label="定时同步">{s.syncMinutes ? `每 ${s.syncMinutes} 分钟` : '未开启（仅手动同步）'}</Descriptions.Item>
    </Descriptions>
  );
}

export function ChangesTable({ changes }: { changes: SyncChange[] }) {
  return (
    <Table<SyncChange>
      rowKey={(c) => `${c.kind}:${c.code}`}
      size="small"
      dataSource={changes}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: '目录与本系统一致，没有需要同步的变更' }}
      columns={[
        {
          title: '变更',
          dataIndex: 'kind',
          width: 100,
          render: (k: SyncChange['kind']) => <Tag color={COLORS[k]}>{SYNC_CHANGE_LABELS[k]}</Tag>,
        },
        { title: '账号 / 部门编码', dataIndex: 'code', width: 160 },
        { title: '名称', dataIndex: 'name', width: 140 },
        { title: '说明', dataIndex: 'detail' },
      ]}
    />
  );
}

export function RunsTable({ runs }: { runs: SyncRun[] }) {
  return (
    <Table<SyncRun>
      rowKey="id"
      size="small"
      dataSource={runs}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: '还没有同步记录' }}
      columns={[
        { title: '开始时间', dataIndex: 'startedAt', width: 170, render: (v: string) => formatTime(v) },
        { title: '类型', dataIndex: 'kind', width: 70, render: (k: SyncRun['kind']) => SYNC_KIND_LABELS[k] },
        { title: '方式', dataIndex: 'trigger', width: 70, render: (k: SyncRun['trigger']) => SYNC_TRIGGER_LABELS[k] },
        { title: '操作人', dataIndex: 'userName', width: 100, render: (v: string | null) => v ?? '系统' },
        {
          title: '结果',
          dataIndex: 'status',
          width: 80,
          render: (v: SyncRun['status']) => (
            <Tag color={v === 'ok' ? 'green' : v === 'failed' ? 'red' : 'processing'}>{SYNC_STATUS_LABELS[v]}</Tag>
          ),
        },
        { title: '数量', key: 'counts', render: (_, r) => (r.counts ? countsText(r.counts) : (r.message ?? '')) },
      ]}
    />
  );
}
