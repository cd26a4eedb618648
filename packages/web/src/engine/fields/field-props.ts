import type { AnyField } from '@oa/shared/modules/field';

/** What antd's Form.Item hands every field input, plus the field's declaration. */
export interface FieldInputProps<F extends AnyField = AnyField> {
  field: F;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
}

export const asText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
