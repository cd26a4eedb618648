import { Descriptions, Drawer, Empty, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_RESULT_LABELS, type AuditDetail } from '@oa/shared/contract/audit-log';
import { chinaDateTime } from '@oa/shared/format/china-time';
import { auditLogApi } from './audit-log.api';
import { fieldLabel } from './audit-field-labels';

const show = (v: unknown): string => (v === undefined ? '' : v === null ? '（空）' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v === null || v === undefined ? {} : { 值: v };

interface ChangeRow {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

/** Before and after side by side, one row a field, the changed ones marked. */
function Changes({ d }: { d: AuditDetail }) {
  const before = asRecord(d.before);
  const after = asRecord(d.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (!keys.length) return <Empty description="此记录没有变更前后内容" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const rows: ChangeRow[] = keys.map((k) => ({
    key: k,
    before: show(before[k]),
    after: show(after[k]),
    changed: show(before[k]) !== show(after[k]),
  }));
  return (
    <Table<ChangeRow>
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: '字段',
          dataIndex: 'key',
          width: 120,
          render: (k: string, r) => (r.changed ? <Typography.Text strong>{fieldLabel(k)}</Typography.Text> : fieldLabel(k)),
        },
        {
          title: '变更前',
          dataIndex: 'before',
          render: (v: string, r) => <Typography.Text delete={r.changed && !!d.after}>{v}</Typography.Text>,
        },
        { title: '变更后', dataIndex: 'after', render: (v: string, r) => (r.changed ? <Typography.Text mark>{v}</Typography.Text> : v) },
      ]}
    />
  );
}

/** One audit record: who, when, from where, what, the result, before and after (sensitive values masked), its link in the chain. */
export function AuditDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['auditLog', 'detail', id], queryFn: () => auditLogApi.detail(id!), enabled: id !== null });
  const d = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} width={720} title="审计记录详情" destroyOnHidden>
      {d && (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="序号">{d.seq}</Descriptions.Item>
            <Descriptions.Item label="时间">{chinaDateTime(d.at)}</Descriptions.Item>
            <Descriptions.Item label="账号">{d.userCode ?? '（无）'}</Descriptions.Item>
            <Descriptions.Item label="姓名">{d.userName ?? '（无）'}</Descriptions.Item>
            <Descriptions.Item label="来源地址">{d.ip ?? '（无）'}</Descriptions.Item>
            <Descriptions.Item label="结果">
              <Tag color={d.result === 'ok' ? 'green' : 'red'}>{AUDIT_RESULT_LABELS[d.result]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="事件">{d.actionLabel}</Descriptions.Item>
            <Descriptions.Item label="事件代码">{d.action}</Descriptions.Item>
            <Descriptions.Item label="对象" span={2}>
              {d.target ?? '（无）'}
            </Descriptions.Item>
            <Descriptions.Item label="详情" span={2}>
              {d.detail === null ? '（无）' : <Typography.Text style={{ wordBreak: 'break-all' }}>{show(d.detail)}</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label="链上哈希（SM3）" span={2}>
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {d.hash}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>变更前后</Typography.Title>
          <Changes d={d} />
        </>
      )}
    </Drawer>
  );
}
