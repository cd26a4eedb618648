import { describe, expect, it } from 'vitest';
import { DataKeysError, FieldCipherError, newKeySpec, openField, parseKeyring, searchHash, searchHashes, sealField } from './field-cipher';

const K1 = 'k1:00112233445566778899aabbccddeeff';
const K2 = 'k2:ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';
const P = 'oa_salary_slip.bank_card';

describe('field cipher (SM4-CBC + HMAC-SM3)', () => {
  const ring = parseKeyring(K1, 'env');

  it('round-trips, with a fresh IV each time, in the versioned envelope', () => {
    for (const v of ['6222020200112233445', '', '110101199003077777', '实发工资 8,000.00 元', 'x'.repeat(5000)]) {
      const a = sealField(ring, P, v);
      expect(a).toMatch(/^sm4:1:k1:[\w-]{22}:[\w-]+:[\w-]{43}$/);
      expect(a).not.toContain(v || '\u0000');
      expect(sealField(ring, P, v)).not.toBe(a);
      expect(openField(ring, P, a)).toBe(v);
    }
  });

  it('refuses a changed byte, another column, a wrong key and a missing key — never garbage', () => {
    const env = sealField(ring, P, '6222020200112233445');
    const [pre, ct, tag] = [env.slice(0, env.lastIndexOf(':', env.lastIndexOf(':') - 1)), ...env.split(':').slice(-2)];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    expect(() => openField(ring, P, `${pre}:${flip(ct)}:${tag}`)).toThrow(FieldCipherError);
    expect(() => openField(ring, P, `${pre}:${ct}:${flip(tag)}`)).toThrow(/密文校验失败/);
    expect(() => openField(ring, 'oa_salary_slip.items', env)).toThrow(/密文校验失败/);
    expect(() => openField(parseKeyring('k1:ffeeddccbbaa99887766554433221100', 'env'), P, env)).toThrow(/密文校验失败/);
    expect(() => openField(parseKeyring(K2, 'env'), P, env)).toThrow(/密钥 k1 未配置/);
    expect(() => openField(ring, P, '6222020200112233445')).toThrow(/不是密文/);
    expect(() => openField(ring, P, 'sm4:1:k1:abc')).toThrow(/格式损坏/);
  });

  it('rotates: the first key encrypts, every key decrypts; searches match under any key', () => {
    const old = sealField(ring, P, '13800000001');
    const both = parseKeyring(`${K2},${K1}`, 'env');
    const fresh = sealField(both, P, '13800000001');
    expect(fresh.startsWith('sm4:1:k2:')).toBe(true);
    expect(openField(both, P, old)).toBe('13800000001');
    expect(searchHashes(both, P, '13800000001')).toContain(searchHash(ring, P, '13800000001'));
    expect(searchHash(ring, P, '13800000001')).not.toBe(searchHash(ring, 'sys_user.mobile', '13800000001'));
  });

  it('refuses a malformed OA_DATA_KEYS with a reason, never echoing the key', () => {
    for (const bad of ['', 'k1', 'k1:abc', `${K1},${K1}`, 'k 1:00112233445566778899aabbccddeeff'])
      expect(() => parseKeyring(bad, 'env')).toThrow(DataKeysError);
    try {
      parseKeyring('k9:00112233445566778899aabbccddeeZZ', 'env');
    } catch (e) {
      expect((e as Error).message).not.toContain('00112233');
    }
    expect(parseKeyring(newKeySpec('g1'), 'generated').current.id).toBe('g1');
  });

  it('thousands of values: each opens to its own, no two envelopes alike (cost printed)', () => {
    const n = 5000;
    const t0 = performance.now();
    const sealed = Array.from({ length: n }, (_, i) => sealField(ring, P, `62220202001${String(i).padStart(8, '0')}`));
    const t1 = performance.now();
    const opened = sealed.map((s) => openField(ring, P, s));
    const t2 = performance.now();
    console.info(
      `field cipher: encrypt ${(((t1 - t0) / n) * 1000).toFixed(1)} µs, decrypt ${(((t2 - t1) / n) * 1000).toFixed(1)} µs per value`,
    );
    expect(opened[n - 1]).toBe(`62220202001${String(n - 1).padStart(8, '0')}`);
    expect(new Set(sealed).size).toBe(n);
  });
});
