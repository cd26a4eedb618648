import { useState } from 'react';
import { RecordList } from '../components/record-list';
import { SingleRouteDrawer, useOpenFromQuery, type DrawerState } from '../components/single-route-drawer';
import { useModuleRoute } from '../use-module';

/**
 * The page of a single-route module (/Leave, /Payment, /Borrow, /GoAbroad …, and manage routes of
 * modules without a preview route): the list, with the form and the preview in a drawer.
 */
export default function SingleRouteListPage() {
  const { module: m, page } = useModuleRoute();
  const [drawer, setDrawer] = useState<DrawerState | null>(null);
  useOpenFromQuery(setDrawer);
  return (
    <>
      <RecordList m={m} initialView={page === 'manage' ? 'manage' : 'mine'} onOpen={(id, mode) => setDrawer({ id, mode })} />
      <SingleRouteDrawer m={m} state={drawer} onChange={setDrawer} />
    </>
  );
}
