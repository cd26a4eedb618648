import { Select, type SelectProps } from 'antd';

/**
 * antd's Select searches an option's `value` by default: a department picker (value D07, label 会员部) then
 * finds nothing for "会员". Every searchable Select (showSearch, multiple, tags) is this one, which
 * searches what a person reads, the label (`label-select.test.ts` checks that no other remains).
 */
export function LabelSelect(props: SelectProps) {
  return <Select optionFilterProp="label" aria-label={nameOf(props)} {...props} />;
}

/**
 * A select outside a labelled form item (a filter, a picker in a toolbar) is named by its placeholder; inside one
 * (an `id` given by Form.Item) its label names it.
 */
export const nameOf = ({ id, placeholder }: { id?: string; placeholder?: unknown }): string | undefined =>
  !id && typeof placeholder === 'string' ? placeholder : undefined;
