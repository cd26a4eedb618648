import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A large body compressed once and served to many readers who each see one small part of it their own way (the
 * whole address book: every reader's own mobile unmasked). The body is deflated in pieces that end on a full
 * flush, so that no piece refers back into another; a reader's answer is the pieces joined into one zlib stream
 * (RFC 1950, `Content-Encoding: deflate`), with at most one piece swapped for the reader's own version, deflated on
 * the spot. Its Adler-32 is combined from the pieces' own. A request never recompresses the whole body.
 */
export interface DeflatePieces {
  /** where each piece starts and ends in the body, its raw deflate (full flush, not final) and its Adler-32 */
  pieces: Array<{ start: number; end: number; deflated: Buffer; adler: number }>;
}

const deflateRaw = promisify(zlib.deflateRaw);
const FULL_FLUSH = { finishFlush: zlib.constants.Z_FULL_FLUSH };
/** CMF 0x78 (deflate, 32 KB window) and FLG 0x9c (default level; a multiple of 31 with CMF) */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
/** an empty final block ends the deflate stream */
const LAST_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));
const MOD = 65521;

export function adler32(data: Buffer, start = 0, end = data.length): number {
  let a = 1;
  let b = 0;
  for (let i = start; i < end;) {
    // 5552 bytes at most before a reduction: the sums stay below 2^32 (zlib's NMAX)
    const stop = Math.min(end, i + 5552);
    for (; i < stop; i++) {
      a += data[i]!;
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two byte runs one after the other, from each one's and the second one's length (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % MOD;
  let sum1 = first & 0xffff;
  let sum2 = (rem * sum1) % MOD;
  sum1 += (second & 0xffff) + MOD - 1;
  sum2 += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + MOD - rem;
  if (sum1 >= MOD) sum1 -= MOD;
  if (sum1 >= MOD) sum1 -= MOD;
  if (sum2 >= MOD * 2) sum2 -= MOD * 2;
  if (sum2 >= MOD) sum2 -= MOD;
  return ((sum2 << 16) | sum1) >>> 0;
}

/**
 * Deflates `body` in pieces cut at the given offsets (ascending, inside the body; a replaced span must not
 * straddle one). Each piece is compressed off the event loop.
 */
export async function deflatePieces(body: Buffer, cuts: number[]): Promise<DeflatePieces> {
  const bounds = [0, ...cuts.filter((c) => c > 0 && c < body.length), body.length];
  const pieces = await Promise.all(
    bounds.slice(1).map(async (end, i) => {
      const start = bounds[i]!;
      const bytes = body.subarray(start, end);
      return { start, end, deflated: await deflateRaw(bytes, FULL_FLUSH), adler: adler32(bytes) };
    }),
  );
  return { pieces };
}

/**
 * The zlib stream of the body, or of the body with bytes [span[0], span[1]) replaced by `bytes` (the piece holding
 * the span is deflated again, synchronously: one piece, a few tens of KB).
 */
export function joinPieces(p: DeflatePieces, body: Buffer, swap?: { span: [number, number]; bytes: Buffer }): Buffer {
  const parts: Buffer[] = [ZLIB_HEADER];
  let adler = 1;
  for (const piece of p.pieces) {
    if (swap && swap.span[0] >= piece.start && swap.span[1] <= piece.end) {
      const own = Buffer.concat([body.subarray(piece.start, swap.span[0]), swap.bytes, body.subarray(swap.span[1], piece.end)]);
      parts.push(zlib.deflateRawSync(own, FULL_FLUSH));
      adler = adler32Combine(adler, adler32(own), own.length);
    } else {
      parts.push(piece.deflated);
      adler = adler32Combine(adler, piece.adler, piece.end - piece.start);
    }
  }
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}
