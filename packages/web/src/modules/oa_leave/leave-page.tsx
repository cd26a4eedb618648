import { useState } from 'react';
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { leaveModule } from '@oa/shared/modules/leave.module';
import { leaveApi } from './leave.api';
import { RecordList } from '../../engine/components/record-list';
import { SingleRouteDrawer, useOpenFromQuery, type DrawerState } from '../../engine/components/single-route-drawer';

/** 请假申请 (/Leave): my leave, with this year's annual-leave balance; the form opens in a drawer. */
export default function LeavePage() {
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  useOpenFromQuery(setDrawer);
  const mine = useQuery({ queryKey: ['records', 'oa_leave', 'balance'], queryFn: () => leaveApi.myLeave() });
  const b = mine.data;
  const banner = b ? (
    <Alert
      type={b.balance > 0 ? 'info' : 'warning'}
      showIcon
      style={{ marginTop: 12 }}
      data-testid="leave-balance"
      message={`${b.year}年年休假：应休 ${b.entitlement} 天（工龄 ${b.years} 年），已休 ${b.used} 天，审批中 ${b.pending} 天，剩余 ${b.balance} 天`}
    />
  ) : null;
  return (
    <>
      <RecordList m={leaveModule} initialView="mine" onOpen={(id, mode) => setDrawer({ id, mode })} extra={banner} />
      <SingleRouteDrawer m={leaveModule} state={drawer} onChange={setDrawer} />
    </>
  );
}
