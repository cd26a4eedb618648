import type { SalaryItem } from '@oa/shared/contract/salary';
import { openNullable, sealNullable, type FieldKeyring } from '../../lib/field-cipher';

/**
 * A slip's sensitive columns (bank card, the sheet's mobile, the amounts) are stored SM4-encrypted
 * (core/crypto/sealed-columns.repository.ts lists them); the service encrypts on write and decrypts after reading.
 */
const P = { card: 'oa_salary_slip.bank_card', mobile: 'oa_salary_slip.src_mobile', items: 'oa_salary_slip.items' } as const;

export const sealSlipFields = (keys: FieldKeyring, v: { bankCard: string | null; mobile: string | null; items: SalaryItem[] }) => ({
  bank_card: sealNullable(keys, P.card, v.bankCard),
  src_mobile: sealNullable(keys, P.mobile, v.mobile),
  items: sealNullable(keys, P.items, JSON.stringify(v.items))!,
});

export const openBankCard = (keys: FieldKeyring, v: string | null) => openNullable(keys, P.card, v);
export const openSrcMobile = (keys: FieldKeyring, v: string | null) => openNullable(keys, P.mobile, v);
export const openItems = (keys: FieldKeyring, v: string): SalaryItem[] => JSON.parse(openNullable(keys, P.items, v)!) as SalaryItem[];
