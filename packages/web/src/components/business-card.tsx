import { forwardRef, type ReactNode } from 'react';
import { Avatar, Typography } from 'antd';
import { EnvironmentOutlined, MailOutlined, MobileOutlined, PhoneOutlined, TeamOutlined } from '@ant-design/icons';
import { toPng } from 'html-to-image';
import type { BusinessCard } from '@oa/shared/contract/people';
import { CARD_AVATAR } from '@oa/shared/constants';
import { avatarSrc } from '../lib/files-url';
import { saveDataUrl } from '../lib/files-transfer';

/**
 * The business card (spec §2): avatar 70 px (default by sex), name, signature, department, room,
 * landline, mobile, e-mail. Shared by the address book and the personal centre; downloadable as PNG.
 */
const line = (icon: ReactNode, label: string, value: string | null | undefined, testId: string) => (
  <div
    className="oa-card-line"
    data-testid={testId}
    style={{ display: 'flex', gap: 8, alignItems: 'baseline', padding: '3px 0', fontSize: 13 }}
  >
    <span style={{ color: '#1890ff', width: 16 }}>{icon}</span>
    <span style={{ color: '#666', width: 48, flex: 'none' }}>{label}</span>
    <span style={{ color: '#262626', wordBreak: 'break-all' }}>{value || '—'}</span>
  </div>
);

export const BusinessCardView = forwardRef<HTMLDivElement, { card: BusinessCard }>(function BusinessCardView({ card }, ref) {
  const c = card.usersContactInfo;
  return (
    <div
      ref={ref}
      data-testid="business-card"
      style={{ background: 'linear-gradient(160deg, #e6f4ff 0%, #ffffff 55%)', borderRadius: 8, padding: 16, border: '1px solid #e6f4ff' }}
    >
      <div style={{ display: 'flex', gap: 14, alignItems: 'center', marginBottom: 10 }}>
        <Avatar size={CARD_AVATAR} src={avatarSrc(card.users.icon, card.users.sex)} alt={card.users.userName} />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="card-name">
            {card.users.userName}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="card-sign">
            {c.personalSign || '这个人很懒，什么都没写'}
          </Typography.Text>
        </div>
      </div>
      {line(<TeamOutlined />, '部门', [card.usersDepartment.deptName, card.users.position].filter(Boolean).join(' · '), 'card-dept')}
      {line(<EnvironmentOutlined />, '办公室', c.room, 'card-room')}
      {line(<PhoneOutlined />, '座机', c.tel, 'card-tel')}
      {line(<MobileOutlined />, '手机', c.mobile, 'card-mobile')}
      {line(<MailOutlined />, '邮箱', c.email, 'card-email')}
    </div>
  );
});

/** Renders the card node to PNG and saves it as `<name>.png`. */
export async function downloadCardPng(node: HTMLElement, userName: string): Promise<void> {
  const dataUrl = await toPng(node, { pixelRatio: 2, backgroundColor: '#ffffff', cacheBust: true });
  saveDataUrl(dataUrl, `${userName}.png`);
}
