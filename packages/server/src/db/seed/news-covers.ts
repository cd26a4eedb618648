import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import type { AppContext } from '../../core/context';
import { storeUpload } from '../../core/files/file-store';
import { IMAGE_EXTENSIONS } from '../../core/files/file-types';

/**
 * Demo covers of the seeded articles (`npm start` on a fresh database): abstract PNG images drawn here
 * (a diagonal gradient, soft circles, a light band), stored through the same file store as an author's
 * upload (content-addressed, checked, private, owned by the article's author) and linked as the article's
 * cover, so /informationMore, the home widget and the article banner show them as for a real upload.
 */

type Rgb = readonly [number, number, number];
interface CoverStyle {
  from: Rgb;
  to: Rgb;
  /** circles: centre x, y and radius as fractions of the width, and their colour and opacity */
  circles: ReadonlyArray<{ x: number; y: number; r: number; c: Rgb; a: number }>;
}

const WHITE: Rgb = [255, 255, 255];
/** Seeded article id → its cover (the published demo articles; the scheduled one gets none). */
export const DEMO_COVERS: Record<string, CoverStyle> = {
  // 工作推进会: deep blue to teal
  Nseed01: {
    from: [22, 58, 122],
    to: [38, 150, 160],
    circles: [
      { x: 0.78, y: 0.3, r: 0.22, c: WHITE, a: 0.12 },
      { x: 0.18, y: 0.85, r: 0.3, c: [120, 200, 220], a: 0.18 },
    ],
  },
  // 长三角调研 数字化转型: indigo to violet
  Nseed02: {
    from: [40, 44, 120],
    to: [132, 86, 190],
    circles: [
      { x: 0.25, y: 0.35, r: 0.18, c: [160, 200, 255], a: 0.2 },
      { x: 0.7, y: 0.75, r: 0.26, c: WHITE, a: 0.1 },
    ],
  },
  // 元旦放假: warm red to orange
  Nseed03: {
    from: [178, 34, 34],
    to: [236, 128, 48],
    circles: [
      { x: 0.82, y: 0.25, r: 0.14, c: [255, 214, 102], a: 0.45 },
      { x: 0.3, y: 0.9, r: 0.34, c: WHITE, a: 0.08 },
    ],
  },
  // 安全生产检查: green
  Nseed04: {
    from: [24, 94, 64],
    to: [110, 170, 90],
    circles: [
      { x: 0.2, y: 0.3, r: 0.2, c: WHITE, a: 0.1 },
      { x: 0.85, y: 0.8, r: 0.25, c: [200, 230, 140], a: 0.22 },
    ],
  },
  // 行业运行数据: slate to sky
  Nseed05: {
    from: [44, 62, 80],
    to: [72, 140, 210],
    circles: [
      { x: 0.6, y: 0.45, r: 0.3, c: [140, 190, 240], a: 0.16 },
      { x: 0.12, y: 0.2, r: 0.1, c: WHITE, a: 0.2 },
    ],
  },
  // 政策解读: burgundy to gold
  Nseed06: {
    from: [110, 30, 50],
    to: [200, 150, 70],
    circles: [
      { x: 0.75, y: 0.6, r: 0.28, c: [250, 220, 160], a: 0.18 },
      { x: 0.2, y: 0.15, r: 0.16, c: WHITE, a: 0.1 },
    ],
  },
  // 领导班子会议纪要 (内部通报): graphite to steel blue
  Nseed07: {
    from: [52, 58, 68],
    to: [96, 120, 150],
    circles: [
      { x: 0.7, y: 0.35, r: 0.24, c: WHITE, a: 0.08 },
      { x: 0.15, y: 0.8, r: 0.2, c: [150, 180, 210], a: 0.16 },
    ],
  },
};

const WIDTH = 640;
const HEIGHT = 360;

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** Draws one cover as an 8-bit RGB PNG (each row filtered by "Sub": smooth gradients compress well). */
export function coverPng(style: CoverStyle, width = WIDTH, height = HEIGHT): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const px = Buffer.alloc(width * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.65 + (y / height) * 0.35;
      let rgb = style.from.map((f, i) => f + (style.to[i] - f) * t);
      for (const c of style.circles) {
        const d = Math.hypot(x - c.x * width, y - c.y * height) / (c.r * width);
        // soft edge: full opacity inside, fading over the outer fifth
        const a = c.a * Math.min(1, Math.max(0, (1 - d) / 0.2));
        if (a > 0) rgb = rgb.map((v, i) => v + (c.c[i] - v) * a);
      }
      // a light band across the lower third
      if (y > height * 0.62 && y < height * 0.66) rgb = rgb.map((v) => v + (255 - v) * 0.12);
      for (let i = 0; i < 3; i++) px[x * 3 + i] = Math.round(rgb[i]);
    }
    const row = y * (width * 3 + 1);
    raw[row] = 1;
    for (let i = 0; i < width * 3; i++) raw[row + 1 + i] = (px[i] - (i >= 3 ? px[i - 3] : 0)) & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Gives the seeded articles (DEMO_COVERS) their covers: each image is stored as its author's private
 * upload and linked to the article (cover_file and a 'cover' file row, which lets the article's readers
 * download it). Articles that already have a cover, or are gone, are left as they are.
 */
export async function seedDemoCovers(ctx: AppContext): Promise<number> {
  let done = 0;
  for (const [id, style] of Object.entries(DEMO_COVERS)) {
    const article = await ctx.db.selectFrom('news_article').select(['author', 'cover_file']).where('id', '=', id).executeTakeFirst();
    if (!article || article.cover_file) continue;
    const png = coverPng(style);
    const file = await storeUpload(ctx, {
      stream: Readable.from([png]),
      fileName: `封面-${id}.png`,
      owner: article.author,
      kind: 'file',
      scope: 'private',
      allowedExt: IMAGE_EXTENSIONS,
      maxBytes: ctx.config.uploadMaxBytes,
    });
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('news_article').set({ cover_file: file.id }).where('id', '=', id).where('cover_file', 'is', null).execute();
      await trx
        .insertInto('news_article_file')
        .values({ article_id: id, file_id: file.id, role: 'cover', file_name: '封面', sort_no: 0 })
        .execute();
    });
    done++;
  }
  return done;
}
