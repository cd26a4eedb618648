/**
 * Membership fees computed from a monthly salary base.
 *
 * Party fees (中共中央组织部《关于中国共产党党费收缴、使用和管理的规定》): members with a monthly base
 * (税后工资收入) up to 3,000 yuan pay 0.5%, 3,000–5,000 (inclusive) 1%, 5,000–10,000 (inclusive) 1.5%,
 * above 10,000 yuan 2%.
 *
 * Trade union fees (《中华全国总工会关于收缴工会会费的规定》): 0.5% of the member's monthly base.
 */

export interface FeeBracket {
  upTo: number;
  rate: number;
  label: string;
}

/** The party's rate table: `rate` in percent, up to and including `upTo` yuan. */
export const PARTY_FEE_BRACKETS: readonly FeeBracket[] = [
  { upTo: 3000, rate: 0.5, label: '3000元（含）以下' },
  { upTo: 5000, rate: 1, label: '3000元以上至5000元（含）' },
  { upTo: 10000, rate: 1.5, label: '5000元以上至10000元（含）' },
  { upTo: Number.POSITIVE_INFINITY, rate: 2, label: '10000元以上' },
];

export const UNION_FEE_RATE = 0.5;

const cents = (n: number): number => Math.round(n * 100) / 100;
const baseOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** The party fee rate in percent for a monthly base; null without a base. */
export function partyFeeRate(base: unknown): number | null {
  const b = baseOf(base);
  if (b === null) return null;
  return PARTY_FEE_BRACKETS.find((x) => b <= x.upTo)!.rate;
}

/** The monthly party fee in yuan (to the cent); null without a base. */
export function partyFeeDue(base: unknown): number | null {
  const b = baseOf(base);
  const r = partyFeeRate(b);
  return b === null || r === null ? null : cents((b * r) / 100);
}

/** The monthly trade union fee in yuan (0.5% of the base, to the cent); null without a base. */
export function unionFeeDue(base: unknown): number | null {
  const b = baseOf(base);
  return b === null ? null : cents((b * UNION_FEE_RATE) / 100);
}

/** Months from `from` to `to` inclusive ('2026-01'..'2026-03' → three months); at most 120. */
export function monthsBetween(from: string, to: string): string[] {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  const out: string[] = [];
  for (let y = fy, m = fm; (y < ty || (y === ty && m <= tm)) && out.length < 120; m === 12 ? ((y += 1), (m = 1)) : (m += 1)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return out;
}
