import { useState } from 'react';
import { Badge, Card, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { suppliesModule } from '@oa/shared/modules/supplies.module';
import { suppliesApi } from './supplies.api';
import { RecordList } from '../../engine/components/record-list';
import { SingleRouteDrawer, useOpenFromQuery, type DrawerState } from '../../engine/components/single-route-drawer';
import { SuppliesStock } from './supplies-stock';

/** 办公用品 (/OfficeSuppliesManage): requisitions (approval lowers the stock) and the stock table with low-stock warnings. */
export default function SuppliesPage() {
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  useOpenFromQuery(setDrawer);
  const stock = useQuery({ queryKey: ['supplies'], queryFn: () => suppliesApi.supplies() });
  const low = (stock.data ?? []).filter((s) => s.low).length;
  return (
    <div className="oa-page" data-testid="supplies-page">
      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'apply',
              label: '领用申请',
              children: <RecordList m={suppliesModule} initialView="mine" onOpen={(id, mode) => setDrawer({ id, mode })} />,
            },
            {
              key: 'stock',
              label: (
                <Badge count={low} size="small" offset={[10, 0]} title="低库存物品">
                  库存台账
                </Badge>
              ),
              children: <SuppliesStock />,
            },
          ]}
        />
      </Card>
      <SingleRouteDrawer m={suppliesModule} state={drawer} onChange={setDrawer} />
    </div>
  );
}
