import { useState } from 'react';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@oa/shared/format/money';
import { toChineseMoney } from '@oa/shared/format/chinese-money';
import { paymentModule } from '@oa/shared/modules/payment.module';
import type { RecordItem } from '@oa/shared/contract/records';
import { recordsApi } from '../../engine/records.api';
import { RecordList } from '../../engine/components/record-list';
import { SingleRouteDrawer, useOpenFromQuery, type DrawerState } from '../../engine/components/single-route-drawer';

const sumOf = (rows: RecordItem[]) => Math.round(rows.reduce((a, r) => a + (r.amount ?? 0) * 100, 0)) / 100;

/** Expense lines of approved payments, summed by category. */
function byCategory(rows: RecordItem[]): Array<{ category: string; count: number; amount: number }> {
  const map = new Map<string, { count: number; cents: number }>();
  for (const r of rows) {
    for (const l of Array.isArray(r.data.lines) ? (r.data.lines as Array<Record<string, unknown>>) : []) {
      const c = typeof l.category === 'string' ? l.category : '其他';
      const e = map.get(c) ?? { count: 0, cents: 0 };
      map.set(c, { count: e.count + 1, cents: e.cents + Math.round((typeof l.amount === 'number' ? l.amount : 0) * 100) });
    }
  }
  return [...map.entries()]
    .map(([category, e]) => ({ category, count: e.count, amount: e.cents / 100 }))
    .sort((a, b) => b.amount - a.amount);
}

/** 付款管理 (/PaymentManage): every payment with its expense lines (in the drawer), totals in capitals, spending by category. */
export default function PaymentManagePage() {
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  useOpenFromQuery(setDrawer);
  const q = useQuery({
    queryKey: ['records', 'oa_payment', 'summary'],
    queryFn: () =>
      recordsApi.list('oa_payment', { pageNumber: 1, pageSize: 500, view: 'manage', filters: { status: ['approved', 'running'] } }),
  });
  const rows = q.data?.list ?? [];
  const approved = rows.filter((r) => r.status === 'approved');
  const running = rows.filter((r) => r.status === 'running');
  const summary = (
    <Row gutter={12} style={{ marginTop: 12 }} data-testid="payment-summary">
      <Col span={8}>
        <Card variant="borderless">
          <Statistic title={`已通过（${approved.length} 笔）`} value={formatMoney(sumOf(approved))} suffix="元" />
          <Typography.Text type="secondary">{toChineseMoney(sumOf(approved))}</Typography.Text>
        </Card>
      </Col>
      <Col span={8}>
        <Card variant="borderless">
          <Statistic title={`审批中（${running.length} 笔）`} value={formatMoney(sumOf(running))} suffix="元" />
          <Typography.Text type="secondary">{toChineseMoney(sumOf(running))}</Typography.Text>
        </Card>
      </Col>
      <Col span={8}>
        <Card variant="borderless" title="已通过费用按类别" size="small">
          <Table
            rowKey="category"
            size="small"
            pagination={false}
            dataSource={byCategory(approved)}
            locale={{ emptyText: '暂无数据' }}
            columns={[
              { title: '类别', dataIndex: 'category' },
              { title: '笔数', dataIndex: 'count' },
              { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: number) => formatMoney(v) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
  return (
    <>
      <RecordList m={paymentModule} initialView="manage" onOpen={(id) => setDrawer({ id, mode: 'view' })} extra={summary} />
      <SingleRouteDrawer m={paymentModule} state={drawer} onChange={setDrawer} />
    </>
  );
}
