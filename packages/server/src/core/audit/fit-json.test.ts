import { describe, expect, it } from 'vitest';
import { fitJson } from './fit-json';

describe('fitJson', () => {
  it('keeps a value that fits as it is', () => {
    expect(JSON.parse(fitJson({ a: 1, b: '二' }, 100))).toEqual({ a: 1, b: '二' });
  });

  it('keeps every field of a long object and replaces only the long one by its length and digest', () => {
    const definition = { name: '用印申请', version: 3, nodes: Array.from({ length: 2000 }, (_, i) => ({ id: `n${i}`, name: '部门审批' })) };
    const text = fitJson(definition, 8000);
    expect(text.length).toBeLessThanOrEqual(8000);
    const back = JSON.parse(text) as Record<string, unknown>;
    expect(back.name).toBe('用印申请');
    expect(back.version).toBe(3);
    expect(back.nodes).toMatch(/^（内容过长已省略：\d+ 字符，SM3 [0-9a-f]{64}）$/);
  });

  it('two different long values leave different digests', () => {
    const a = fitJson({ body: 'x'.repeat(9000) }, 1000);
    const b = fitJson({ body: 'y'.repeat(9000) }, 1000);
    expect(a).not.toBe(b);
  });

  it('a long array or string becomes one valid note', () => {
    for (const v of ['长'.repeat(5000), Array.from({ length: 5000 }, (_, i) => i)]) {
      const text = fitJson(v, 1000);
      expect(text.length).toBeLessThanOrEqual(1000);
      expect(JSON.parse(text)).toMatch(/^（内容过长已省略/);
    }
  });

  it('an object with too many fields to share the budget becomes one note', () => {
    const wide = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`f${i}`, i]));
    expect(JSON.parse(fitJson(wide, 2000))).toMatch(/^（内容过长已省略/);
  });
});
