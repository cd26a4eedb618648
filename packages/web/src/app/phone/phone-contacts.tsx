import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Empty, Input, Spin } from 'antd';
import { DownOutlined, MailOutlined, MobileOutlined, PhoneOutlined, RightOutlined } from '@ant-design/icons';
import { debounce } from '@oa/shared/format/debounce';
import type { AddressMember } from '@oa/shared/contract/people';
import { addressBookApi } from '../../features/address-book/address-book.api';
import { useDeptMembers } from '../../features/address-book/dept-members';
import { avatarSrc } from '../../lib/files-url';
import { APPS_BASE } from './phone-apps';
import { PhoneBar } from './phone-bar';
import { telHref } from './phone-tel';

/** /m/apps/contacts: the address book — a search, the departments with how many match, each member with 拨打 links. */
export function PhoneContacts() {
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState<string>();
  const find = (v: string) => {
    setKeyword(v.trim());
    setActive(undefined);
  };
  const search = useMemo(() => debounce(find, 300), []);
  const q = useQuery({ queryKey: ['address-book-brief', keyword], queryFn: () => addressBookApi.brief(keyword) });
  const depts = q.data ?? [];
  // a search opens the first department that matched until another is opened (or it is closed: '')
  const shown = active ?? (keyword ? depts[0]?.deptCode : undefined);
  return (
    <div className="m-page" data-testid="m-contacts">
      <PhoneBar title="通讯录" home={APPS_BASE} />
      <div className="m-filter">
        <Input.Search
          size="large"
          placeholder="搜索姓名、部门或电话"
          aria-label="搜索通讯录"
          value={input}
          onChange={(e) => {
            setInput(e.target.value);
            search(e.target.value);
          }}
          onSearch={find}
        />
      </div>
      {q.isPending ? (
        <div className="m-center">
          <Spin size="large" />
        </div>
      ) : depts.length === 0 ? (
        <Empty className="m-empty" description={keyword ? '没有找到匹配的联系人' : '暂无通讯录数据'} />
      ) : (
        <ul className="m-depts">
          {depts.map((d) => (
            <li key={d.deptCode}>
              <button
                type="button"
                className="m-dept"
                aria-expanded={shown === d.deptCode}
                onClick={() => setActive(shown === d.deptCode ? '' : d.deptCode)}
                data-testid={`m-dept-${d.deptCode}`}
              >
                {shown === d.deptCode ? <DownOutlined /> : <RightOutlined />}
                <span className="m-dept-name">{d.deptName}</span>
                <span className="m-dept-count">{d.memberCount ?? 0}人</span>
              </button>
              {shown === d.deptCode && <Members deptCode={d.deptCode} keyword={keyword} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Members({ deptCode, keyword }: { deptCode: string; keyword: string }) {
  const { q, members } = useDeptMembers(deptCode, keyword);
  if (q.isPending) return <Spin />;
  if (!members.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无成员" />;
  return (
    <>
      <ul className="m-people">
        {members.map((m) => (
          <Person key={m.usersDeptMember.userCode} m={m} />
        ))}
      </ul>
      {q.hasNextPage && (
        <Button block size="large" type="link" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          加载更多
        </Button>
      )}
    </>
  );
}

/** A member: name, post and office; the office line and the mobile as 拨打 links (a masked mobile only as text). */
function Person({ m }: { m: AddressMember }) {
  const c = m.usersContactInfo;
  const who = m.usersDeptMember;
  const tel = telHref(c.tel);
  const mobile = telHref(c.mobile);
  return (
    <li className="m-person" data-testid={`m-person-${who.userCode}`}>
      <Avatar size={44} src={avatarSrc(m.users.icon, m.users.sex)} alt="" />
      <div className="m-person-main">
        <div className="m-card-title">
          {who.userName} {who.position ? <span className="m-person-post">{who.position}</span> : null}
        </div>
        {c.room ? <div className="m-card-line">办公室：{c.room}</div> : null}
        {c.mobile && !mobile ? <div className="m-card-line">手机：{c.mobile}</div> : null}
        {c.email ? (
          <a className="m-person-mail" href={`mailto:${c.email}`}>
            <MailOutlined /> {c.email}
          </a>
        ) : null}
      </div>
      <div className="m-person-calls">
        {tel && (
          <a className="m-call" href={tel} aria-label={`拨打${who.userName}的办公电话 ${c.tel}`} data-testid="m-call-tel">
            <PhoneOutlined />
            <span>办公</span>
          </a>
        )}
        {mobile && (
          <a className="m-call" href={mobile} aria-label={`拨打${who.userName}的手机 ${c.mobile}`} data-testid="m-call-mobile">
            <MobileOutlined />
            <span>手机</span>
          </a>
        )}
      </div>
    </li>
  );
}
