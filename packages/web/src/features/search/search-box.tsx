import { useState } from 'react';
import { Input } from 'antd';
import { useNavigate } from 'react-router';

/** The top bar's search box: opens the results page (/search?q=). */
export function SearchBox() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  return (
    <Input.Search
      size="small"
      allowClear
      placeholder="搜索资讯、审批、人员、文件"
      aria-label="全站搜索"
      className="oa-topbar-search"
      value={value}
      maxLength={50}
      onChange={(e) => setValue(e.target.value)}
      data-testid="top-search"
      onSearch={(q) => {
        const v = q.trim();
        if (v) void navigate(`/search?q=${encodeURIComponent(v)}`);
      }}
    />
  );
}
