import type { AnyField, CellField } from '@oa/shared/modules/field';
import { AttachmentsInput } from './attachments-input';
import { DeptInput, SelectInput, UserInput } from './choice-inputs';
import { DateInput, DateRangeInput } from './date-inputs';
import type { FieldInputProps } from './field-props';
import { IntInput, MoneyInput } from './number-inputs';
import { TableInput } from './table-input';
import { TextareaInput, TextInput } from './text-inputs';

/** The one input of each field type (ARCHITECTURE.md §6), chosen by the declaration. */
export function FieldInput(props: FieldInputProps) {
  const { field: f } = props;
  switch (f.kind) {
    case 'text':
    case 'mobile':
    case 'phone':
    case 'email':
    case 'idcard':
    case 'bankcard':
      return <TextInput {...props} field={f} />;
    case 'textarea':
    case 'richtext':
      return <TextareaInput {...props} field={f} />;
    case 'int':
      return <IntInput {...props} field={f} />;
    case 'money':
      return <MoneyInput {...props} field={f} />;
    case 'date':
      return <DateInput {...props} field={f} />;
    case 'daterange':
      return <DateRangeInput {...props} field={f} />;
    case 'select':
      return <SelectInput {...props} field={f} />;
    case 'user':
      return <UserInput {...props} field={f} />;
    case 'dept':
      return <DeptInput {...props} field={f} />;
    case 'attachments':
      return <AttachmentsInput {...props} field={f} />;
    case 'table':
      return <TableInput {...props} field={f} />;
  }
}

/** A sub-table cell (the simple types only). */
export function CellInput(props: FieldInputProps<CellField>) {
  return <FieldInput {...(props as FieldInputProps<AnyField>)} />;
}
