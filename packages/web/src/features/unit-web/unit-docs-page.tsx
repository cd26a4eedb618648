import { useState } from 'react';
import { Alert, Card, List, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { chinaDateTime } from '@oa/shared/format/china-time';
import type { UnitDocRow } from '@oa/shared/contract/exchange';
import { errorMessage } from '../../lib/http-client';
import { actionLink } from '../../lib/action-link';
import { unitApi } from './unit.api';
import { UnitDocDrawer } from './unit-doc-drawer';

const at = (v: string | null) => (v ? chinaDateTime(v) : '—');

function stateTag(d: UnitDocRow) {
  if (d.signedAt) return <Tag color="green">已签收</Tag>;
  if (d.overdue) return <Tag color="red">逾期未签收</Tag>;
  return d.readAt ? <Tag color="blue">已读未签收</Tag> : <Tag color="orange">未读</Tag>;
}

/** 本单位收文: what the association sent to the contact's unit, to read, download and sign for; and the notices. */
export function UnitDocsPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const docs = useQuery({ queryKey: ['unit', 'docs', page], queryFn: () => unitApi.docs(page) });
  const notices = useQuery({ queryKey: ['unit', 'notices'], queryFn: unitApi.notices });
  return (
    <>
      {docs.error ? <Alert type="error" showIcon message={errorMessage(docs.error)} style={{ marginBottom: 12 }} /> : null}
      <Card title={docs.data ? `${docs.data.unitName} · 收到的公文` : '收到的公文'} style={{ marginBottom: 16 }}>
        <Table<UnitDocRow>
          rowKey="id"
          loading={docs.isLoading}
          dataSource={docs.data?.list}
          data-testid="unit-docs"
          pagination={{ current: page, total: docs.data?.total ?? 0, pageSize: 20, onChange: setPage, showTotal: (n) => `共 ${n} 件` }}
          columns={[
            { title: '文号', dataIndex: 'docNo', width: 180, render: (v: string | null) => v ?? '—' },
            {
              title: '标题',
              dataIndex: 'title',
              render: (v: string, d) => <a {...actionLink(() => setOpen(d.id))}>{v}</a>,
            },
            { title: '发文机关', dataIndex: 'sender', width: 160 },
            { title: '收到时间', dataIndex: 'sentAt', width: 160, render: at },
            { title: '签收时限', dataIndex: 'dueAt', width: 160, render: (v: string | null) => (v ? chinaDateTime(v) : '不限') },
            { title: '状态', key: 'state', width: 120, render: (_: unknown, d) => stateTag(d) },
          ]}
        />
      </Card>
      <Card title="通知与催办">
        <List
          data-testid="unit-notices"
          loading={notices.isLoading}
          locale={{ emptyText: '暂无通知' }}
          dataSource={notices.data ?? []}
          renderItem={(n) => (
            <List.Item>
              <List.Item.Meta title={n.title} description={n.content} />
              <Typography.Text type="secondary">{chinaDateTime(n.createdAt)}</Typography.Text>
            </List.Item>
          )}
        />
      </Card>
      {open ? <UnitDocDrawer id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
