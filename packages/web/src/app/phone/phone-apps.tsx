import type { ReactNode } from 'react';
import { AccountBookOutlined, CalendarOutlined, ContactsOutlined, ReadOutlined, ScanOutlined } from '@ant-design/icons';
import { Link, Navigate, Route, Routes } from 'react-router';
import { PHONE_BASE } from '../../lib/phone-device';
import { useCan } from '../../state/permission';
import { PhoneContacts } from './phone-contacts';
import { PhoneMeetingPage } from './phone-meeting-page';
import { PhoneMeetings } from './phone-meetings';
import { PhoneArticle, PhoneNews } from './phone-news';
import { PhoneSalary } from './phone-salary';
import { PhoneScan } from './phone-scan';
import './phone-apps.css';

export const APPS_BASE = `${PHONE_BASE}/apps`;

/** /m/apps/…: 会议 (invitations, a meeting, QR check-in), 工资条, 新闻 and 通讯录 on the phone. */
export function PhoneApps() {
  return (
    <div className="m-apps">
      <Routes>
        <Route index element={<AppsHome />} />
        <Route path="meetings" element={<PhoneMeetings />} />
        <Route path="meeting" element={<PhoneMeetingPage />} />
        <Route path="scan" element={<PhoneScan />} />
        <Route path="salary" element={<PhoneSalary />} />
        <Route path="news" element={<PhoneNews />} />
        <Route path="article" element={<PhoneArticle />} />
        <Route path="contacts" element={<PhoneContacts />} />
        <Route path="*" element={<Navigate to={APPS_BASE} replace />} />
      </Routes>
    </div>
  );
}

interface Tile {
  to: string;
  icon: ReactNode;
  label: string;
  /** the function the server asks for (db/seed/functions.data.ts); none: every signed-in person */
  fun?: string;
}

const TILES: Tile[] = [
  { to: 'meetings', icon: <CalendarOutlined />, label: '我的会议', fun: 'office_meet_room' },
  { to: 'scan', icon: <ScanOutlined />, label: '扫码签到', fun: 'office_meet_room' },
  { to: 'salary', icon: <AccountBookOutlined />, label: '工资条', fun: 'fin_salary' },
  { to: 'news', icon: <ReadOutlined />, label: '新闻资讯' },
  { to: 'contacts', icon: <ContactsOutlined />, label: '通讯录' },
];

function TileLink({ t }: { t: Tile }) {
  const allowed = useCan(t.fun ?? '');
  if (t.fun && !allowed) return null;
  return (
    <li>
      <Link to={`${APPS_BASE}/${t.to}`} className="m-tile" data-testid={`m-app-${t.to}`}>
        <span className="m-tile-icon" aria-hidden>
          {t.icon}
        </span>
        <span>{t.label}</span>
      </Link>
    </li>
  );
}

function AppsHome() {
  return (
    <div className="m-page" data-testid="m-apps">
      <header className="m-bar">
        <h1>应用</h1>
      </header>
      <ul className="m-tiles">
        {TILES.map((t) => (
          <TileLink key={t.to} t={t} />
        ))}
      </ul>
    </div>
  );
}
