import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/** A page's header with 返回 (the page before, else `home`), its title and, optionally, something on the right. */
export function PhoneBar({ title, home, extra }: { title: string; home: string; extra?: ReactNode }) {
  const navigate = useNavigate();
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(home));
  return (
    <header className="m-bar m-bar-back">
      <Button type="text" className="m-touch" icon={<LeftOutlined />} aria-label="返回" onClick={back} />
      <h1>{title}</h1>
      {extra}
    </header>
  );
}
