import { Button, Space, Table, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { formatMoney } from '@oa/shared/format/money';
import { toChineseMoney } from '@oa/shared/format/chinese-money';
import type { AnyField } from '@oa/shared/modules/field';
import { downloadFile } from '../records.api';
import { usePeople } from '../use-module';
import { asAttachments } from './attachments-input';
import { showError } from '../../lib/notify-error';

const EMPTY = <Typography.Text type="secondary">—</Typography.Text>;

/** Plain text of a value (lists, print sheet). */
export function displayText(f: AnyField, v: unknown, names: { userName: (c: string) => string; deptName: (c: string) => string }): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return '';
  switch (f.kind) {
    case 'money':
      return typeof v === 'number' ? `${formatMoney(v)} 元` : String(v);
    case 'int':
      return `${String(v)}${f.unit ?? ''}`;
    case 'daterange':
      return Array.isArray(v) ? `${String(v[0])} 至 ${String(v[1])}` : '';
    case 'user':
      return (Array.isArray(v) ? v : [v]).map((c) => names.userName(String(c))).join('、');
    case 'dept':
      return names.deptName(String(v));
    case 'attachments':
      return asAttachments(v)
        .map((a) => a.fileName)
        .join('、');
    case 'table':
      return `${Array.isArray(v) ? v.length : 0} 行`;
    default:
      return String(v);
  }
}

/** The one read-only display of each field type. */
export function FieldDisplay({ field: f, value }: { field: AnyField; value: unknown }) {
  const names = usePeople();
  if (f.kind === 'attachments') {
    const files = asAttachments(value);
    if (!files.length) return EMPTY;
    return (
      <Space direction="vertical" size={0}>
        {files.map((a) => (
          <Button
            key={a.fileId}
            type="link"
            size="small"
            icon={<PaperClipOutlined />}
            style={{ padding: 0 }}
            onClick={() => downloadFile(a.fileId, a.fileName).catch((err: unknown) => showError(err, '下载失败'))}
          >
            {a.fileName}
          </Button>
        ))}
      </Space>
    );
  }
  if (f.kind === 'table') {
    const rows = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
    return (
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey={(_r, i) => String(i)}
        dataSource={rows}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '序号', key: '#', width: 56, render: (_: unknown, __: unknown, i: number) => i + 1 },
          ...Object.entries(f.columns).map(([name, col]) => ({
            title: col.label,
            key: name,
            render: (_: unknown, r: Record<string, unknown>) => displayText(col, r[name], names) || '—',
          })),
        ]}
      />
    );
  }
  const text = displayText(f, value, names);
  if (!text) return EMPTY;
  if (f.kind === 'money' && f.capitals && typeof value === 'number')
    return (
      <span>
        {text}（{toChineseMoney(value)}）
      </span>
    );
  if (f.kind === 'textarea' || f.kind === 'richtext') return <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>;
  return <span>{text}</span>;
}
