import fs from 'node:fs';
import sharp from 'sharp';

const W = 640;
const H = 480;

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) that films `png` — e.g. a QR code as
 * the page shows it — held in front of the lens: the image enlarged (its pixels kept sharp) on a white sheet, 640×480,
 * as Y4M (YUV4MPEG2: a one-line header, then frames of the Y plane and two quarter-size chroma planes; grey here, so
 * U and V are 128). Chromium plays the frames in a loop.
 */
export async function fakeCameraFile(png: Buffer, file: string, { side = 320, frames = 5 } = {}): Promise<string> {
  const luma = await sharp(png)
    .flatten({ background: '#ffffff' })
    .resize(side, side, { kernel: 'nearest', fit: 'contain', background: '#ffffff' })
    .extend({
      top: (H - side) >> 1,
      bottom: H - side - ((H - side) >> 1),
      left: (W - side) >> 1,
      right: W - side - ((W - side) >> 1),
      background: '#ffffff',
    })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  if (luma.length !== W * H) throw new Error(`fake camera: expected ${W * H} luma bytes, got ${luma.length}`);
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}
