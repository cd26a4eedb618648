import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { passportModule } from '@oa/shared/modules/passport.module';
import { RecordList } from '../../engine/components/record-list';
import { SingleRouteDrawer, useOpenFromQuery, type DrawerState } from '../../engine/components/single-route-drawer';
import { PassportBook } from './passport-book';

/** 护照管理 (/Passport): lending applications and the custody register (lend / return on approved applications). */
export default function PassportPage() {
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  useOpenFromQuery(setDrawer);
  return (
    <div className="oa-page" data-testid="passport-page">
      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'apply',
              label: '借用申请',
              children: <RecordList m={passportModule} initialView="mine" onOpen={(id, mode) => setDrawer({ id, mode })} />,
            },
            { key: 'book', label: '保管登记', children: <PassportBook onOpenRecord={(id) => setDrawer({ id, mode: 'view' })} /> },
          ]}
        />
      </Card>
      <SingleRouteDrawer m={passportModule} state={drawer} onChange={setDrawer} />
    </div>
  );
}
