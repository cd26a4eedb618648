import { Select, type SelectProps } from 'antd';

/**
 * antd's Select searches an option's `value` by default: a department picker (value D07, label 会员部) then
 * finds nothing for "会员". Every searchable Select (showSearch, multiple, tags) is this one, which
 * searches what a person reads, the label (`label-select.test.ts` checks that no other remains).
 */
export function LabelSelect(props: SelectProps) {
  return <Select optionFilterProp="label" {...props} />;
}
