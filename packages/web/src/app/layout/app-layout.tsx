import { useEffect, useState } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AddressBookDrawer } from '../../features/address-book/address-book-drawer';
import { wantFeedback } from '../../lib/feedback';
import { useSidebar } from '../../state/sidebar.store';
import { AppFooter } from './app-footer';
import { Sidebar } from './sidebar';
import { TabsBar } from './tabs-bar';
import { TopBar } from './top-bar';
import './app-layout.css';

/** The main layout shell: sidebar, top bar, tabs bar, main area (white) and footer. */
export default function AppLayout() {
  const opened = useSidebar((s) => s.opened);
  const [contactsOpen, setContactsOpen] = useState(false);
  // inside the app the message / notification / modal host is mounted at once (lib/feedback.ts)
  useEffect(wantFeedback, []);
  return (
    <Layout className="oa-shell">
      <Sidebar collapsed={!opened} onOpenContacts={() => setContactsOpen(true)} />
      <Layout className="oa-body">
        <TopBar />
        <TabsBar />
        <Layout.Content className="oa-main" id="oa-main">
          <Outlet />
        </Layout.Content>
        <AppFooter />
      </Layout>
      <AddressBookDrawer open={contactsOpen} onClose={() => setContactsOpen(false)} />
    </Layout>
  );
}
