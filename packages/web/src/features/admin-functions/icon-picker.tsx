import { createElement, useState } from 'react';
import { Button, Input, Popover, Space } from 'antd';
import { MENU_ICON_NAMES, menuIcon } from '../../lib/menu-icons';

interface Props {
  value?: string | null;
  onChange?: (v: string | null) => void;
}

/** Icon field: the chosen icon, and a searchable grid of every menu icon. */
export function IconPicker({ value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const names = MENU_ICON_NAMES.filter((n) => n.toLowerCase().includes(filter.toLowerCase()));
  const grid = (
    <div style={{ width: 360 }}>
      <Input.Search
        allowClear
        size="small"
        placeholder="搜索图标"
        aria-label="搜索图标"
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 4, maxHeight: 240, overflowY: 'auto' }}>
        {names.map((n) => (
          <Button
            key={n}
            title={n}
            type={n === value ? 'primary' : 'text'}
            onClick={() => {
              onChange?.(n);
              setOpen(false);
            }}
          >
            {createElement(menuIcon(n))}
          </Button>
        ))}
      </div>
    </div>
  );
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value ?? ''}
        placeholder="选择或输入图标名称"
        onChange={(e) => onChange?.(e.target.value || null)}
        prefix={value ? createElement(menuIcon(value)) : null}
      />
      <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
        <Button>选择</Button>
      </Popover>
    </Space.Compact>
  );
}
