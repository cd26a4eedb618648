import { Button, Dropdown, Tooltip } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { TEXT_SCALES, useSidebar, type TextScale, type UiSize } from '../../state/sidebar.store';

const SIZES: Array<{ key: UiSize; label: string }> = [
  { key: 'default', label: '默认' },
  { key: 'large', label: '宽松' },
  { key: 'small', label: '紧凑' },
];

const TEXT = 'text:';

/**
 * UI size (spec §3 app state, default 'default') and the text size (100 % to 200 %, WCAG 1.4.4), kept in
 * localStorage. The text size scales the text and the controls around it; the layout reflows, nothing is cut.
 */
export function SizeSelect() {
  const { size, setSize, textScale, setTextScale } = useSidebar();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size, `${TEXT}${textScale}`],
        items: [
          { type: 'group', key: 'layout', label: '布局', children: SIZES.map((s) => ({ key: s.key, label: s.label })) },
          {
            type: 'group',
            key: 'text',
            label: '文字大小',
            children: TEXT_SCALES.map((s) => ({ key: `${TEXT}${s}`, label: `${s * 100}%` })),
          },
        ],
        onClick: ({ key }) => (key.startsWith(TEXT) ? setTextScale(Number(key.slice(TEXT.length)) as TextScale) : setSize(key as UiSize)),
      }}
    >
      <Tooltip title="布局大小" placement="bottom">
        <Button type="text" icon={<FontSizeOutlined />} aria-label="布局与文字大小" data-testid="size-select" />
      </Tooltip>
    </Dropdown>
  );
}
