import { useState } from 'react';
import { Button, Card, Input, Space, Table, Tag, Tooltip } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chinaInstant } from '@oa/shared/format/china-time';
import type { ReceiptRow } from '@oa/shared/contract/exchange';
import { fmtTime } from '../../engine/components/record-columns';
import { downloadFile } from '../../lib/files-transfer';
import { feedback } from '../../lib/feedback';
import { notifyError } from '../../lib/notify-error';
import { LabelSelect } from '../../lib/label-select';
import { actionLink } from '../../lib/action-link';
import { exchangeApi } from './exchange.api';

function stateTag(r: ReceiptRow) {
  if (r.signedAt) return <Tag color="green">已签收</Tag>;
  return (
    <Space size={4}>
      {r.readAt ? <Tag color="blue">已读未签收</Tag> : <Tag color="orange">未读</Tag>}
      {r.overdue ? <Tag color="red">已逾期</Tag> : null}
    </Space>
  );
}

/** 成员单位签收: send a printed dispatch to member units (with a due time) and follow each unit's copy; urge the late. */
export function DocExchangePanel({ docId }: { docId: string }) {
  const qc = useQueryClient();
  const receipts = useQuery({ queryKey: ['documents', 'exchange', docId], queryFn: () => exchangeApi.receipts(docId) });
  const can = receipts.data?.can;
  const units = useQuery({ queryKey: ['exchange', 'units'], queryFn: exchangeApi.units, enabled: !!can?.send });
  const [unitIds, setUnitIds] = useState<string[]>([]);
  const [due, setDue] = useState('');
  const [busy, setBusy] = useState(false);
  const rows = receipts.data?.rows ?? [];
  if (!rows.length && !can?.send) return null;
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    try {
      feedback().message.success(await fn());
      setUnitIds([]);
      void qc.invalidateQueries({ queryKey: ['documents', 'exchange', docId] });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const sent = new Set(rows.map((r) => r.unitId));
  const signed = rows.filter((r) => r.signedAt).length;
  return (
    <Card
      size="small"
      style={{ marginTop: 12 }}
      data-testid="doc-exchange"
      title={
        <Space>
          成员单位签收
          {rows.length ? <Tag color={signed === rows.length ? 'green' : 'orange'}>{`已签收 ${signed}/${rows.length}`}</Tag> : null}
        </Space>
      }
      extra={
        can?.urge ? (
          <Button
            size="small"
            danger
            loading={busy}
            data-testid="exchange-urge-all"
            onClick={() => run(async () => `已催办 ${(await exchangeApi.urge(docId)).urged} 个成员单位`)}
          >
            催办未签收单位
          </Button>
        ) : null
      }
    >
      {can?.send ? (
        <Space wrap style={{ marginBottom: 12 }}>
          <LabelSelect
            mode="multiple"
            style={{ minWidth: 320 }}
            placeholder="选择成员单位"
            value={unitIds}
            onChange={(v) => setUnitIds(v as string[])}
            options={(units.data ?? []).filter((u) => !sent.has(u.id)).map((u) => ({ value: u.id, label: u.name }))}
            data-testid="exchange-units"
          />
          <Input
            type="date"
            aria-label="签收时限"
            style={{ width: 170 }}
            value={due}
            onChange={(e) => setDue(e.target.value)}
            data-testid="exchange-due"
          />
          <Button
            type="primary"
            loading={busy}
            disabled={!unitIds.length}
            data-testid="exchange-send"
            onClick={() =>
              run(async () => {
                const r = await exchangeApi.send(docId, unitIds, due ? chinaInstant(due, '23:59') : null);
                return `已发送给 ${r.added} 个成员单位`;
              })
            }
          >
            发送给成员单位
          </Button>
        </Space>
      ) : null}
      {rows.length ? (
        <Table<ReceiptRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 1030 }} // the reply keeps 200 px: a narrower page scrolls (unit and 操作 stay), never one character a line
          data-testid="exchange-receipts"
          columns={[
            { title: '成员单位', dataIndex: 'unitName', width: 170, fixed: 'left' },
            { title: '状态', key: 'state', width: 120, render: (_: unknown, r) => stateTag(r) },
            { title: '发送时间', dataIndex: 'sentAt', width: 130, render: (v: string) => fmtTime(v) },
            { title: '签收时限', dataIndex: 'dueAt', width: 130, render: (v: string | null) => (v ? fmtTime(v) : '不限') },
            {
              title: '阅读 / 签收',
              key: 'read',
              width: 210,
              render: (_: unknown, r) => (
                <Space direction="vertical" size={0}>
                  <span>{r.readAt ? `阅读 ${fmtTime(r.readAt)} ${r.readBy ?? ''}` : '—'}</span>
                  {r.signedAt ? <span>{`签收 ${fmtTime(r.signedAt)} ${r.signedBy ?? ''}`}</span> : null}
                </Space>
              ),
            },
            {
              title: '回复',
              key: 'reply',
              render: (_: unknown, r) => (
                <Space direction="vertical" size={0}>
                  {r.replyText ?? (r.signedAt ? '—' : '')}
                  {r.replyFileId ? (
                    <a {...actionLink(() => void downloadFile(r.replyFileId!, r.replyFileName ?? '回复附件'))}>
                      {r.replyFileName ?? '回复附件'}
                    </a>
                  ) : null}
                </Space>
              ),
            },
            {
              title: '操作',
              key: 'op',
              width: 70,
              fixed: 'right',
              render: (_: unknown, r) =>
                can?.urge && !r.signedAt ? (
                  <Tooltip title={r.lastUrgedAt ? `已催办 ${r.urgeCount} 次，最近 ${fmtTime(r.lastUrgedAt)}` : undefined}>
                    <a
                      {...actionLink(() => void run(async () => `已催办 ${(await exchangeApi.urge(docId, [r.unitId])).urged} 个成员单位`))}
                    >
                      催办
                    </a>
                  </Tooltip>
                ) : null,
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
