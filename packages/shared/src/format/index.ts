/** @oa/shared/format — the spec §5 formatters and small shared helpers (no I/O). */
export { formatMoney, unformatMoney, type MoneyInput } from './money';
export { toChineseMoney, CHINESE_MONEY_PREFIX, type ChineseMoneyOptions } from './chinese-money';
export { formatTime, parseDate, ageOf, DEFAULT_TIME_PATTERN, type TimeInput } from './time';
export { padName, FULL_WIDTH_SPACE } from './name';
export { debounce, type Debounced, type DebounceOptions } from './debounce';
export { buildTree, buildTreeWithReport, type TreeNode, type TreeKeys, type TreeReport } from './tree';
export {
  moduleDisplayName,
  moduleCodeOf,
  MODULE_NAMES,
  MODULE_PREFIXES,
  type ModuleCode,
  type ModulePrefix,
} from './module-name';
