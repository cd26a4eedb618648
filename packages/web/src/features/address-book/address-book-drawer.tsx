import { useEffect, useMemo, useState } from 'react';
import { Collapse, Drawer, Empty, Input, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ADDRESS_DRAWER_WIDTH } from '@oa/shared/constants';
import { debounce } from '@oa/shared/format/debounce';
import { STORAGE_KEYS, readLocal } from '../../lib/storage-keys';
import { addressBookApi } from './address-book.api';
import { BusinessCardDialog } from './business-card-dialog';
import { DeptMembers } from './dept-members';

/** 500 wide, 30% when the screen is under 1300 (spec §2). */
function drawerWidth(): number | string {
  return window.innerWidth < 1300 ? '30%' : ADDRESS_DRAWER_WIDTH;
}

/**
 * 办公通讯录 (spec §2, §4): search box, departments as an accordion (one open, initially the stored
 * deptCode) with member counts; the open department's members load a page at a time, with a card icon.
 * Reloads when opened and on every search change.
 */
export function AddressBookDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [width, setWidth] = useState(drawerWidth);
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState<string | undefined>(() => readLocal(STORAGE_KEYS.deptCode) ?? undefined);
  const [cardOf, setCardOf] = useState<string | null>(null);
  const search = useMemo(() => debounce((v: string) => setKeyword(v.trim()), 250), []);

  useEffect(() => {
    const onResize = () => setWidth(drawerWidth());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    if (open) setActive(readLocal(STORAGE_KEYS.deptCode) ?? undefined);
  }, [open]);

  const q = useQuery({
    queryKey: ['address-book-brief', keyword],
    queryFn: () => addressBookApi.brief(keyword),
    enabled: open,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const depts = q.data ?? [];
  // With a keyword, open the first department that matched unless the open one still shows.
  const shown = keyword && depts.length > 0 && !depts.some((d) => d.deptCode === active) ? depts[0].deptCode : active;

  return (
    <Drawer
      title="办公通讯录"
      open={open}
      onClose={onClose}
      size={width}
      placement="right"
      destroyOnHidden
      data-testid="address-book-drawer"
    >
      <Input.Search
        placeholder="搜索"
        aria-label="搜索"
        allowClear
        value={input}
        data-testid="address-book-search"
        onChange={(e) => {
          setInput(e.target.value);
          search(e.target.value);
        }}
        onSearch={(v) => setKeyword(v.trim())}
      />
      <Spin spinning={q.isFetching && depts.length === 0}>
        {depts.length === 0 && !q.isFetching ? (
          <Empty style={{ marginTop: 48 }} description={keyword ? '没有找到匹配的联系人' : '暂无通讯录数据'} />
        ) : (
          // one department open at a time, kept here: antd's `accordion` marks the list up as tabs (a tablist whose
          // panels are not allowed children, WCAG 4.1.2); a plain Collapse is a set of disclosure buttons
          <Collapse
            ghost
            style={{ marginTop: 12 }}
            activeKey={shown ? [shown] : []}
            onChange={(keys) => setActive([keys].flat().find((k) => k !== shown))}
            items={depts.map((d) => ({
              key: d.deptCode,
              label: (
                <span data-testid={`ab-dept-${d.deptCode}`}>
                  【{d.deptName}】<span style={{ color: '#666' }}>{d.memberCount ?? 0}人</span>
                </span>
              ),
              children: <DeptMembers deptCode={d.deptCode} keyword={keyword} onCard={setCardOf} />,
            }))}
          />
        )}
      </Spin>
      <BusinessCardDialog userCode={cardOf} onClose={() => setCardOf(null)} />
    </Drawer>
  );
}
