import { useState } from 'react';
import { Badge, Card, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { suppliesModule } from '@oa/shared/modules/supplies.module';
import { extrasApi } from '../../modules/approval-extras.api';
import { RecordList } from '../../modules/components/record-list';
import { SingleRouteDrawer, useOpenFromQuery, type DrawerState } from '../../modules/components/single-route-drawer';
import { SuppliesStock } from './supplies-stock';

/** 办公用品 (/OfficeSuppliesManage): requisitions (approval lowers the stock) and the stock table with low-stock warnings. */
export default function SuppliesPage() {
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  useOpenFromQuery(setDrawer);
  const stock = useQuery({ queryKey: ['supplies'], queryFn: () => extrasApi.supplies() });
  const low = (stock.data ?? []).filter((s) => s.low).length;
  return (
    <div className="oa-page" data-testid="supplies-page">
      <Card variant="borderless">
        <Tabs items={[
          { key: 'apply', label: '领用申请', children: <RecordList m={suppliesModule} initialView="mine" onOpen={(id, mode) => setDrawer({ id, mode })} /> },
          { key: 'stock', label: <Badge count={low} size="small" offset={[10, 0]} title="低库存物品">库存台账</Badge>, children: <SuppliesStock /> },
        ]} />
      </Card>
      <SingleRouteDrawer m={suppliesModule} state={drawer} onChange={setDrawer} />
    </div>
  );
}
