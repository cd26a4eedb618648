import type { ComponentType } from 'react';
import * as MENU_ICON_SET from './menu-icon-set';

/** Menu icons by @ant-design/icons component name (the seed's names); unknown names use the default. */
const ICONS: Readonly<Record<string, ComponentType>> = MENU_ICON_SET;

/** Every icon name the menu renders, offered by the icon picker. */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS).sort();

/** The default menu icon, named 'amount' in the spec: a money icon. */
const DEFAULT_MENU_ICON = 'amount';

/** Short names of the spec's seed (lower case) → icon names. */
const ALIASES: Record<string, string> = {
  [DEFAULT_MENU_ICON]: 'MoneyCollectOutlined',
  dashboard: 'DashboardOutlined',
  home: 'HomeOutlined',
  user: 'UserOutlined',
  setting: 'SettingOutlined',
  system: 'SettingOutlined',
  peoples: 'TeamOutlined',
  people: 'TeamOutlined',
  message: 'MessageOutlined',
  documentation: 'FileTextOutlined',
  form: 'FormOutlined',
  list: 'UnorderedListOutlined',
  link: 'LinkOutlined',
  money: 'MoneyCollectOutlined',
};
const DEFAULT_ICON: ComponentType = MENU_ICON_SET.MoneyCollectOutlined;

/** The icon component for a function's icon name ('UserOutlined', 'user', null → default). */
export function menuIcon(name: string | null | undefined): ComponentType {
  if (!name) return DEFAULT_ICON;
  return ICONS[name] ?? ICONS[ALIASES[name] ?? ALIASES[name.toLowerCase()] ?? ''] ?? DEFAULT_ICON;
}
