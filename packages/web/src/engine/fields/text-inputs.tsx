import { Input } from 'antd';
import type {
  BankCardField,
  EmailField,
  IdCardField,
  MobileField,
  PhoneField,
  RichtextField,
  TextareaField,
  TextField,
} from '@oa/shared/modules/field';
import { asText, type FieldInputProps } from './field-props';

type TextLike = TextField | MobileField | PhoneField | EmailField | IdCardField | BankCardField;

const MAX: Record<TextLike['kind'], number> = { text: 0, mobile: 11, phone: 20, email: 128, idcard: 18, bankcard: 23 };
const PLACEHOLDER: Record<TextLike['kind'], string> = {
  text: '请输入',
  mobile: '请输入11位手机号码',
  phone: '请输入电话或固话，如 010-12345678',
  email: '请输入电子邮箱',
  idcard: '请输入18位身份证号码',
  bankcard: '请输入银行卡号',
};

/** text, mobile, phone, email, idcard, bankcard: one-line inputs (validated by @oa/shared/validate on both sides). */
export function TextInput({ field, value, onChange, id, disabled }: FieldInputProps<TextLike>) {
  const max = field.kind === 'text' ? field.max : MAX[field.kind];
  return (
    <Input
      id={id}
      disabled={disabled}
      value={asText(value)}
      maxLength={max}
      showCount={field.kind === 'text' && max >= 50}
      placeholder={field.placeholder ?? `${PLACEHOLDER[field.kind]}${field.kind === 'text' ? field.label : ''}`}
      onChange={(e) => onChange?.(e.target.value)}
      allowClear={!disabled}
    />
  );
}

/** textarea and richtext (plain paragraphs until the rich-text editor lands) */
export function TextareaInput({ field, value, onChange, id, disabled }: FieldInputProps<TextareaField | RichtextField>) {
  return (
    <Input.TextArea
      id={id}
      disabled={disabled}
      value={asText(value)}
      maxLength={field.max}
      showCount
      autoSize={{ minRows: field.kind === 'textarea' ? (field.rows ?? 3) : 8, maxRows: 16 }}
      placeholder={field.placeholder ?? `请输入${field.label}`}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}
