import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from '../harness';

/** Makes a seeded distributed dispatch of the office numbered again (not printed, no seal), to print it in a test. */
export async function numberedDispatch(t: TestApp): Promise<{ id: string; title: string }> {
  const doc = await t.ctx.db
    .selectFrom('doc_document')
    .select(['id', 'title'])
    .where('kind', '=', 'dispatch')
    .where('status', '=', 'distributed')
    .where('scope', '=', 'office')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.ctx.db.updateTable('doc_document').set({ status: 'numbered', printed_file_id: null }).where('id', '=', doc.id).execute();
  await t.ctx.db.deleteFrom('oa_seal_use').where('doc_id', '=', doc.id).execute();
  return doc;
}

/**
 * The box of the red seal on the PDF's last page, in pt from the top left: the page rendered at 72 dpi (pdftoppm),
 * the strongly red pixels below `fromY` (the banner and its rule are above).
 */
export function redBox(pdf: Buffer, fromY: number): { x0: number; y0: number; x1: number; y1: number } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-seal-'));
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    const pages = execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)![1]!;
    const ppm = execFileSync('pdftoppm', ['-r', '72', '-f', pages, '-l', pages, file], { maxBuffer: 64 << 20 });
    const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
    const [w, h] = [Number(m[1]), Number(m[2])];
    const rgb = ppm.subarray(m[0].length);
    let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
    for (let y = Math.max(0, Math.floor(fromY)); y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        if (rgb[i]! > 170 && rgb[i + 1]! < 90 && rgb[i + 2]! < 90)
          box = box
            ? { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x), y1: Math.max(box.y1, y) }
            : { x0: x, y0: y, x1: x, y1: y };
      }
    return box;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
