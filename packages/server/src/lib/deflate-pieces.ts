import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A large body compressed once and served to many readers who each see one small part of it their own way (the
 * whole address book: every reader's own mobile unmasked). The body is deflated in pieces that end on a full
 * flush, so that no piece refers back into another; a reader's answer is the pieces joined into one zlib stream
 * (RFC 1950, `Content-Encoding: deflate`), with at most one piece swapped for the reader's own version (`swapPiece`,
 * which the caller may keep per reader). Its Adler-32 is combined from the pieces' own. A request never
 * recompresses the whole body, nor copies it: the answer is written as views of the stream joined once.
 */
export interface DeflatePieces {
  /** where each piece starts and ends in the body, its raw deflate (full flush, not final) and its Adler-32 */
  pieces: Array<{ start: number; end: number; deflated: Buffer; adler: number }>;
  /** per piece: where its deflate sits in `joined`, the Adler-32 of the body before it and of the body after it */
  spans: Array<{ from: number; to: number; before: number; after: number }>;
  /** the whole body's zlib stream: header, every piece, the last block, the trailer */
  joined: Buffer;
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
 * straddle one). Each piece is compressed off the event loop; the whole stream is joined once.
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
  // the Adler-32 of the body before each piece and after it (1: of nothing)
  const before: number[] = [];
  let adler = 1;
  for (const x of pieces) {
    before.push(adler);
    adler = adler32Combine(adler, x.adler, x.end - x.start);
  }
  const after: number[] = new Array<number>(pieces.length);
  let tail = 1;
  for (let i = pieces.length - 1; i >= 0; i--) {
    after[i] = tail;
    tail = adler32Combine(pieces[i]!.adler, tail, body.length - pieces[i]!.end);
  }
  let at = ZLIB_HEADER.length;
  const spans = pieces.map((x, i) => ({ from: at, to: (at += x.deflated.length), before: before[i]!, after: after[i]! }));
  const joined = Buffer.concat([ZLIB_HEADER, ...pieces.map((x) => x.deflated), LAST_BLOCK, trailer(adler)]);
  return { pieces, spans, joined };
}

function trailer(adler: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(adler);
  return out;
}

/** One piece with the bytes [span[0], span[1]) of the body replaced by `bytes`, deflated again (a few tens of KB). */
export interface SwappedPiece {
  index: number;
  deflated: Buffer;
  adler: number;
  length: number;
}

export function swapPiece(p: DeflatePieces, body: Buffer, span: [number, number], bytes: Buffer): SwappedPiece {
  const index = p.pieces.findIndex((x) => span[0] >= x.start && span[1] <= x.end);
  if (index < 0) throw new Error('the span straddles two pieces');
  const piece = p.pieces[index]!;
  const own = Buffer.concat([body.subarray(piece.start, span[0]), bytes, body.subarray(span[1], piece.end)]);
  return { index, deflated: zlib.deflateRawSync(own, FULL_FLUSH), adler: adler32(own), length: own.length };
}

/**
 * The zlib stream of the body as parts to write one after another (views of the joined stream, never a copy of
 * it), or of the body with one piece swapped (`swapPiece`): the pieces before it, its own, those after, and the
 * trailer with the Adler-32 combined from the three.
 */
export function joinedParts(p: DeflatePieces, swapped?: SwappedPiece): Buffer[] {
  if (!swapped) return [p.joined];
  const at = p.spans[swapped.index]!;
  const rest = p.joined.length - 4 - at.to; // after the piece: the pieces after it and the last block
  const afterLength = p.pieces.at(-1)!.end - p.pieces[swapped.index]!.end;
  const adler = adler32Combine(adler32Combine(at.before, swapped.adler, swapped.length), at.after, afterLength);
  return [p.joined.subarray(0, at.from), swapped.deflated, p.joined.subarray(at.to, at.to + rest), trailer(adler)];
}

/** The zlib stream of the body, or of the body with bytes [span[0], span[1]) replaced by `bytes`, in one buffer. */
export function joinPieces(p: DeflatePieces, body: Buffer, swap?: { span: [number, number]; bytes: Buffer }): Buffer {
  return Buffer.concat(joinedParts(p, swap && swapPiece(p, body, swap.span, swap.bytes)));
}
