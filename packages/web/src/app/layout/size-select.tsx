import { Button, Dropdown, Tooltip } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useSidebar, type UiSize } from '../../state/sidebar.store';

const SIZES: Array<{ key: UiSize; label: string }> = [
  { key: 'default', label: '默认' },
  { key: 'large', label: '宽松' },
  { key: 'small', label: '紧凑' },
];

/** UI size (spec §3 app state, default 'default'), kept in localStorage. */
export function SizeSelect() {
  const { size, setSize } = useSidebar();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s.key, label: s.label })),
        onClick: ({ key }) => setSize(key as UiSize),
      }}
    >
      <Tooltip title="布局大小" placement="bottom">
        <Button type="text" icon={<FontSizeOutlined />} aria-label="布局大小" />
      </Tooltip>
    </Dropdown>
  );
}
