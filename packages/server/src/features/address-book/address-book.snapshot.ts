import type { AppContext } from '../../core/context';
import { seesAllMobiles, visibleMobile, type Viewer } from '../../core/access/visibility';
import { deflatePieces, joinedParts, swapPiece, type DeflatePieces, type SwappedPiece } from '../../lib/deflate-pieces';
import { ok } from '../../lib/reply';
import { directoryOf, type Directory } from './address-book.directory';
import { groupsOf } from './address-book.service';
import { weakEtag } from '../../lib/etag';

/**
 * The whole address book (`addressBookList` without a keyword: every department and every active member of
 * the platform, 10,000 people in the scale data) as the answer's serialized body, built once per directory
 * (address-book.directory.ts: one per version of `sys_directory_version` and platform) and then served from
 * memory: never older than the last commit, on every instance. Two bodies: mobiles as they are (viewers who see every mobile) and masked; a viewer who
 * does not see every mobile gets the masked one with their own member, whose mobile they see, put back. Both
 * bodies are also kept deflated in pieces (lib/deflate-pieces.ts), so that a compressed answer costs one piece's
 * compression (the reader's own member, kept per reader for the snapshot's life), never the 2 MB's. A request
 * copies nothing: the answer is a list of views of these buffers, written one after another.
 */
interface Snapshot {
  /** UTF-8, encoded once: a request copies bytes at most, it never serializes or encodes 10,000 members */
  full: Buffer;
  masked: Buffer;
  /** per member: where its JSON's bytes sit in `full` and in `masked` */
  spans: Map<string, { full: [number, number]; masked: [number, number] }>;
  /** `full` and `masked` deflated in pieces, each joined once into one zlib stream */
  fullPieces: DeflatePieces;
  /** the piece holding a reader's own member is swapped per reader */
  maskedPieces: DeflatePieces;
  /** per reader: their piece of `masked` with their own member, deflated (at most OWN_PIECES readers, oldest out) */
  ownPieces: Map<string, SwappedPiece>;
}

/** About this many bytes a deflated piece: a reader's own piece is compressed once per reader. */
const PIECE_BYTES = 32 * 1024;
/** Readers whose own piece is kept per snapshot (a few KB each deflated): past it the oldest goes. */
const OWN_PIECES = 2_000;

/** Offsets just after a member, about every PIECE_BYTES: a member never straddles two pieces. */
function pieceCuts(ends: number[]): number[] {
  const cuts: number[] = [];
  let last = 0;
  for (const end of ends) {
    if (end - last >= PIECE_BYTES) cuts.push((last = end));
  }
  return cuts;
}

const NOBODY: Viewer = { userCode: '', roleCodes: [], isAdmin: false };
const UNMASKED: Viewer = { userCode: '', roleCodes: [], isAdmin: true };

/** The list as `addressBookList` builds it for a viewer who sees every mobile, serialized twice: as is and masked. */
async function build(dir: Directory): Promise<Snapshot> {
  const groups = groupsOf(dir, UNMASKED, '');
  const [head, tail] = JSON.stringify(ok(null)).split('null');
  const full: string[] = [head!];
  const masked: string[] = [head!];
  let fullAt = Buffer.byteLength(head!);
  let maskedAt = fullAt;
  const push = (a: string, b: string = a) => {
    full.push(a);
    masked.push(b);
    fullAt += Buffer.byteLength(a);
    maskedAt += Buffer.byteLength(b);
  };
  const spans: Snapshot['spans'] = new Map();
  push('[');
  groups.forEach((g, i) => {
    push(`${i ? ',' : ''}{"deptCode":${JSON.stringify(g.deptCode)},"deptName":${JSON.stringify(g.deptName)},"member":[`);
    g.member.forEach((m, j) => {
      if (j) push(',');
      const code = m.usersDeptMember.userCode;
      const a = JSON.stringify(m);
      const mobile = visibleMobile(NOBODY, code, m.usersContactInfo.mobile);
      const b = JSON.stringify({ ...m, usersContactInfo: { ...m.usersContactInfo, mobile } });
      spans.set(code, { full: [fullAt, fullAt + Buffer.byteLength(a)], masked: [maskedAt, maskedAt + Buffer.byteLength(b)] });
      push(a, b);
    });
    push(']}');
  });
  push(`]${tail}`);
  const fullBody = Buffer.from(full.join(''));
  const maskedBody = Buffer.from(masked.join(''));
  const spanList = [...spans.values()];
  const [fullPieces, maskedPieces] = await Promise.all([
    deflatePieces(fullBody, pieceCuts(spanList.map((x) => x.full[1]))),
    deflatePieces(maskedBody, pieceCuts(spanList.map((x) => x.masked[1]))),
  ]);
  return { full: fullBody, masked: maskedBody, spans, fullPieces, maskedPieces, ownPieces: new Map() };
}

/** One snapshot per directory: it goes when its directory is replaced. */
const snapshots = new WeakMap<Directory, Promise<Snapshot>>();

function snapshotOf(dir: Directory): Promise<Snapshot> {
  let built = snapshots.get(dir);
  if (!built) {
    snapshots.set(dir, (built = build(dir)));
    built.catch(() => snapshots.get(dir) === built && snapshots.delete(dir));
  }
  return built;
}

/** A reader's own piece of the masked body, deflated once per snapshot. */
function ownPiece(s: Snapshot, userCode: string, own: { full: [number, number]; masked: [number, number] }): SwappedPiece {
  let piece = s.ownPieces.get(userCode);
  if (!piece) {
    piece = swapPiece(s.maskedPieces, s.masked, own.masked, s.full.subarray(...own.full));
    if (s.ownPieces.size >= OWN_PIECES) s.ownPieces.delete(s.ownPieces.keys().next().value!);
    s.ownPieces.set(userCode, piece);
  }
  return piece;
}

/**
 * The whole address book's body for this viewer as parts to write one after another (views of the snapshot's
 * buffers: nothing is copied per request), and its entity tag (version, platform, what the viewer sees);
 * `deflate`: the body as a zlib stream (`Content-Encoding: deflate`).
 */
export async function wholeDirectory(
  ctx: AppContext,
  viewer: Viewer,
  platformCode: string,
  deflate = false,
  version?: number,
): Promise<{ parts: Buffer[]; etag: string }> {
  const dir = await directoryOf(ctx, platformCode, version);
  const s = await snapshotOf(dir);
  const tag = (who: string) => weakEtag('dir', platformCode, dir.version, who);
  if (seesAllMobiles(viewer)) return { parts: deflate ? joinedParts(s.fullPieces) : [s.full], etag: tag('all') };
  const own = s.spans.get(viewer.userCode);
  if (!own) return { parts: deflate ? joinedParts(s.maskedPieces) : [s.masked], etag: tag('masked') };
  const etag = tag(`own-${viewer.userCode}`);
  if (deflate) return { parts: joinedParts(s.maskedPieces, ownPiece(s, viewer.userCode, own)), etag };
  return { parts: [s.masked.subarray(0, own.masked[0]), s.full.subarray(...own.full), s.masked.subarray(own.masked[1])], etag };
}
