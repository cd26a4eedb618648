import { Suspense, useEffect, useState } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { wantFeedback } from '../../lib/feedback';
import { lazyNamed } from '../../lib/lazy-named';
import { useKeyboardScrollRegions } from '../../lib/scroll-regions';
import { useSidebar } from '../../state/sidebar.store';
import { AppFooter } from './app-footer';
import { LiveAnnouncer } from './live-announcer';
import { SessionExpiryWarning } from './session-expiry-warning';
import { SkipLink } from './skip-link';
import { Sidebar } from './sidebar';
import { TabsBar } from './tabs-bar';
import { TopBar } from './top-bar';
import './app-layout.css';

// the contacts drawer's code (departments, members, the business card) loads when it is first opened, not with the shell
const AddressBookDrawer = lazyNamed(() => import('../../features/address-book/address-book-drawer'), 'AddressBookDrawer');

/** The main layout shell: sidebar, top bar, tabs bar, main area (white) and footer. */
export default function AppLayout() {
  const opened = useSidebar((s) => s.opened);
  const [contactsOpen, setContactsOpen] = useState(false);
  const [contactsUsed, setContactsUsed] = useState(false);
  // inside the app the message / notification / modal host is mounted at once (lib/feedback.ts)
  useEffect(wantFeedback, []);
  useKeyboardScrollRegions('oa-main');
  return (
    <Layout className="oa-shell">
      <SkipLink />
      <Sidebar
        collapsed={!opened}
        onOpenContacts={() => {
          setContactsUsed(true);
          setContactsOpen(true);
        }}
      />
      <Layout className="oa-body">
        <TopBar />
        <TabsBar />
        {/* the scrolling page area: reachable and scrollable by keyboard, and where 跳到主要内容 lands */}
        <Layout.Content className="oa-main" id="oa-main" tabIndex={0} aria-label="页面内容">
          <Outlet />
        </Layout.Content>
        <AppFooter />
      </Layout>
      <LiveAnnouncer />
      <SessionExpiryWarning />
      {contactsUsed && (
        <Suspense fallback={null}>
          <AddressBookDrawer open={contactsOpen} onClose={() => setContactsOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
