/**
 * What an audit row may not carry in the clear (GB/T 22239-2019 8.1.4.8 / personal information): one list for
 * detail, before and after. Secrets are dropped; personal numbers keep their last four characters.
 */
const SECRET_KEY = /pass(word)?|pwd|secret|token|totp|otp|recovery|private|credential|cookie/i;
const PERSONAL_KEY =
  /id_?card|id_?no|idnumber|cert_?no|bank|card_?no|account_?no|mobile|phone|tel$|salary|wage|amount|pay$|gross|net_?pay/i;

export const HIDDEN = '［已隐去］';

function maskPersonal(v: unknown): unknown {
  if (v === null || v === undefined || v === '') return v;
  if (typeof v === 'number') return '****';
  if (typeof v !== 'string') return HIDDEN;
  return v.length <= 4 ? '****' : `${'*'.repeat(Math.min(v.length - 4, 12))}${v.slice(-4)}`;
}

/** A deep copy with sensitive values masked by their key. */
export function maskSensitive(value: unknown, key = ''): unknown {
  if (key && SECRET_KEY.test(key)) return value === null || value === undefined ? value : HIDDEN;
  if (key && PERSONAL_KEY.test(key) && (value === null || typeof value !== 'object')) return maskPersonal(value);
  if (Array.isArray(value)) return value.map((v) => maskSensitive(v, key && PERSONAL_KEY.test(key) ? key : ''));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskSensitive(v, k)]));
  return value;
}
