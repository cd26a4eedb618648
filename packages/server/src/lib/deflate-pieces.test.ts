import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, adler32Combine, deflatePieces, joinedParts, joinPieces, swapPiece } from './deflate-pieces';

/** A body like a directory's: text that repeats with small differences, so that pieces compress well. */
const body = Buffer.from(
  Array.from({ length: 3000 }, (_, i) => `{"name":"成员${i}","mobile":"138****${String(i).padStart(4, '0')}","room":"R${i % 97}"}`).join(
    ',',
  ),
);

describe('deflate pieces', () => {
  it('adler32 is zlib’s, and combines as zlib’s', () => {
    const data = Buffer.concat([body, randomBytes(70_000)]);
    const zlibOwn = zlib.deflateSync(data).readUInt32BE(zlib.deflateSync(data).length - 4);
    expect(adler32(data)).toBe(zlibOwn);
    for (const at of [0, 1, 5552, 65521, 100_000, data.length]) {
      expect(adler32Combine(adler32(data, 0, at), adler32(data, at), data.length - at)).toBe(zlibOwn);
    }
  });

  it('joined, the pieces inflate to the body; with a span swapped, to the body with it swapped', async () => {
    const cuts = [10_000, 40_000, 41_000, 90_000];
    const p = await deflatePieces(body, cuts);
    expect(p.pieces.map((x) => x.start)).toEqual([0, ...cuts]);
    const whole = joinPieces(p, body);
    expect(zlib.inflateSync(whole).equals(body)).toBe(true);
    expect(whole.length).toBeLessThan(body.length / 4);
    // a span at the start, inside, at a piece's end and in the last piece; a longer and a shorter replacement
    for (const [from, to] of [
      [0, 30],
      [12_345, 12_400],
      [40_900, 41_000],
      [body.length - 50, body.length],
    ] as Array<[number, number]>) {
      for (const bytes of [Buffer.from('{"name":"本人","mobile":"13800001234"}'), Buffer.from('x')]) {
        const expected = Buffer.concat([body.subarray(0, from), bytes, body.subarray(to)]);
        expect(zlib.inflateSync(joinPieces(p, body, { span: [from, to], bytes })).equals(expected)).toBe(true);
      }
    }
  });

  it('as parts, views of the stream joined once with the swapped piece between them', async () => {
    const p = await deflatePieces(body, [10_000, 40_000, 90_000]);
    expect(joinedParts(p)).toEqual([p.joined]);
    expect(zlib.inflateSync(p.joined).equals(body)).toBe(true);
    const bytes = Buffer.from('{"name":"本人","mobile":"13800001234"}');
    for (const [from, to] of [
      [5, 40],
      [40_000, 40_030],
      [body.length - 30, body.length],
    ] as Array<[number, number]>) {
      const swapped = swapPiece(p, body, [from, to], bytes);
      const parts = joinedParts(p, swapped);
      expect(parts[0]!.buffer).toBe(p.joined.buffer);
      expect(parts[2]!.buffer).toBe(p.joined.buffer);
      const expected = Buffer.concat([body.subarray(0, from), bytes, body.subarray(to)]);
      expect(zlib.inflateSync(Buffer.concat(parts)).equals(expected)).toBe(true);
    }
    expect(() => swapPiece(p, body, [9_990, 10_010], bytes)).toThrow();
  });

  it('ignores cuts outside the body, and a body in one piece still joins', async () => {
    const p = await deflatePieces(body, [0, -5, body.length, body.length + 10]);
    expect(p.pieces).toHaveLength(1);
    expect(zlib.inflateSync(joinPieces(p, body)).equals(body)).toBe(true);
    const empty = await deflatePieces(Buffer.alloc(0), []);
    expect(zlib.inflateSync(joinPieces(empty, Buffer.alloc(0))).length).toBe(0);
  });
});
