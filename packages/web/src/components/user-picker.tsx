import { useState } from 'react';
import { Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { UserOption } from '@oa/shared/contract/admin';
import { debounce } from '@oa/shared/format/debounce';

interface Props {
  value?: string[];
  onChange?: (v: string[]) => void;
  search: (keyword?: string) => Promise<UserOption[]>;
  /** options already known (e.g. current members), so their names show */
  known?: Array<{ userCode: string; userName: string }>;
  placeholder?: string;
  /** given by a labelled Form.Item: its label names the picker */
  id?: string;
  /** the picker's name where no label names it (default: its placeholder) */
  'aria-label'?: string;
}

/** Multi-select of users with search by account, name, pinyin or mobile. */
export function UserPicker({ value, onChange, search, known = [], placeholder = '搜索账号、姓名、拼音', id, 'aria-label': name }: Props) {
  const [keyword, setKeyword] = useState('');
  const [onSearch] = useState(() => debounce((v: string) => setKeyword(v), 300));
  const q = useQuery({ queryKey: ['admin', 'userOptions', search, keyword], queryFn: () => search(keyword || undefined) });
  const seen = new Map<string, string>();
  for (const u of known) seen.set(u.userCode, u.userName);
  for (const u of q.data ?? []) seen.set(u.userCode, `${u.userName}${u.deptName ? `（${u.deptName}）` : ''}`);
  return (
    <Select
      mode="multiple"
      id={id}
      aria-label={name ?? (id ? undefined : placeholder)}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: (v: string) => onSearch(v) }}
      notFoundContent={q.isFetching ? <Spin size="small" /> : '无匹配用户'}
      options={[...seen].map(([userCode, label]) => ({ value: userCode, label: `${label} ${userCode}` }))}
      style={{ width: '100%' }}
      data-testid="user-picker"
    />
  );
}
