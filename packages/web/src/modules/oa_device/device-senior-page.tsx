import { useState } from 'react';
import { Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@oa/shared/format/money';
import { deviceModule, DEVICE_CATEGORIES } from '@oa/shared/modules/device.module';
import { STATUS_LABELS, type RecordStatus } from '@oa/shared/modules/define-module';
import { recordsApi } from '../../engine/records.api';
import { RecordList } from '../../engine/components/record-list';
import { SingleRouteDrawer, type DrawerState } from '../../engine/components/single-route-drawer';

/**
 * 采购审阅 (/deviceSenior): the leaders' view of device purchases — what was asked, approved and bought,
 * by category, with the records of the departments they oversee.
 */
export default function DeviceSeniorPage() {
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  const all = useQuery({
    queryKey: ['records', 'oa_device', 'senior'],
    queryFn: () => recordsApi.list('oa_device', { pageNumber: 1, pageSize: 500, view: 'mine' }),
  });
  const rows = (all.data?.list ?? []).filter((r) => r.status !== 'draft');
  const sum = (pred: (s: RecordStatus) => boolean) => rows.filter((r) => pred(r.status)).reduce((a, r) => a + (r.amount ?? 0), 0);
  const byCategory = DEVICE_CATEGORIES.map((c) => {
    const of = rows.filter((r) => r.data.category === c.value);
    return {
      category: c.label,
      count: of.length,
      approved: of.filter((r) => r.status === 'approved').reduce((a, r) => a + (r.amount ?? 0), 0),
      running: of.filter((r) => r.status === 'running').length,
    };
  }).filter((x) => x.count > 0);
  return (
    <div className="oa-page" data-testid="device-senior">
      <Row gutter={12}>
        <Col span={6}>
          <Card variant="borderless">
            <Statistic title="采购申请" value={rows.length} suffix="项" />
          </Card>
        </Col>
        <Col span={6}>
          <Card variant="borderless">
            <Statistic title="审批中" value={rows.filter((r) => r.status === 'running').length} suffix="项" />
          </Card>
        </Col>
        <Col span={6}>
          <Card variant="borderless">
            <Statistic title="已批准预算" value={formatMoney(sum((s) => s === 'approved'))} suffix="元" />
          </Card>
        </Col>
        <Col span={6}>
          <Card variant="borderless">
            <Statistic title="审批中预算" value={formatMoney(sum((s) => s === 'running'))} suffix="元" />
          </Card>
        </Col>
      </Row>
      <Card variant="borderless" title="按设备类别" style={{ marginTop: 12 }}>
        <Table
          rowKey="category"
          size="small"
          pagination={false}
          dataSource={byCategory}
          loading={all.isFetching}
          locale={{ emptyText: '暂无数据' }}
          columns={[
            { title: '设备类别', dataIndex: 'category' },
            { title: '申请数', dataIndex: 'count' },
            { title: '审批中', dataIndex: 'running', render: (v: number) => (v ? <Tag color="processing">{v}</Tag> : 0) },
            { title: '已批准金额（元）', dataIndex: 'approved', align: 'right', render: (v: number) => formatMoney(v) },
          ]}
        />
      </Card>
      <RecordList
        m={deviceModule}
        initialView="mine"
        onOpen={(id) => setDrawer({ id, mode: 'view' })}
        extra={<div style={{ marginTop: 12, color: '#666' }}>状态说明：{Object.values(STATUS_LABELS).join(' / ')}</div>}
      />
      <SingleRouteDrawer m={deviceModule} state={drawer} onChange={setDrawer} />
    </div>
  );
}
