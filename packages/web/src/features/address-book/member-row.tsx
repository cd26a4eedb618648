import { Avatar, Tooltip } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import type { AddressMember } from '@oa/shared/contract/people';
import { avatarSrc } from '../../lib/files-url';

/** One member of the address book: avatar, name, card icon (tooltip 名片), room, telephone, e-mail. */
export function MemberRow({ m, onCard }: { m: AddressMember; onCard: (userCode: string) => void }) {
  const c = m.usersContactInfo;
  const who = m.usersDeptMember;
  return (
    <div
      className="oa-ab-member"
      data-testid={`ab-member-${who.userCode}`}
      style={{ display: 'flex', gap: 12, padding: '10px 4px', borderBottom: '1px solid #f0f0f0' }}
    >
      <Avatar size={44} src={avatarSrc(m.users.icon, m.users.sex)} alt={who.userName} style={{ flex: 'none' }} />
      <div style={{ flex: 1, minWidth: 0, fontSize: 13, lineHeight: '20px' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <strong style={{ fontSize: 14 }}>{who.userName}</strong>
          {who.position && <span style={{ color: '#666' }}>{who.position}</span>}
          <Tooltip title="名片">
            <IdcardOutlined
              role="button"
              aria-label={`${who.userName}的名片`}
              data-testid={`ab-card-${who.userCode}`}
              style={{ color: '#1890ff', fontSize: 16, cursor: 'pointer', marginLeft: 'auto' }}
              onClick={() => onCard(who.userCode)}
            />
          </Tooltip>
        </div>
        <div style={{ color: '#595959' }}>办公室：{c.room || '—'}</div>
        <div style={{ color: '#595959' }}>
          电话：{c.tel || '—'}
          {c.mobile ? `\u3000手机：${c.mobile}` : ''}
        </div>
        <div style={{ color: '#595959', wordBreak: 'break-all' }}>邮箱：{c.email || '—'}</div>
      </div>
    </div>
  );
}
