import { SEAL_IMAGE } from '@oa/shared/contract/seals';
import { badRequest } from '../../lib/errors';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FIELD = 'imagePng';

/**
 * A seal's image as the registry takes it: a real PNG (its signature, decodable), with an alpha channel (the text
 * under the seal shows through), between SEAL_IMAGE.minPx and maxPx on each side, nearly square, at most
 * SEAL_IMAGE.maxBytes. Anything else is refused in Chinese naming the field `imagePng`.
 */
export async function checkSealImage(base64: string): Promise<{ png: Buffer; width: number; height: number }> {
  const png = Buffer.from(base64.replace(/^data:image\/png;base64,/, ''), 'base64');
  if (!png.length) throw badRequest('请上传印章图片', FIELD);
  if (png.length > SEAL_IMAGE.maxBytes) throw badRequest(`印章图片不能超过 ${SEAL_IMAGE.maxBytes / 1024} KB`, FIELD);
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw badRequest('印章图片必须是 PNG 格式', FIELD);
  const { default: sharp } = await import('sharp');
  const meta = await sharp(png)
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== 'png' || !meta.width || !meta.height) throw badRequest('印章图片已损坏，无法读取', FIELD);
  if (!meta.hasAlpha) throw badRequest('印章图片必须是透明背景的 PNG（含透明通道）', FIELD);
  const { width, height } = meta;
  if (Math.min(width, height) < SEAL_IMAGE.minPx || Math.max(width, height) > SEAL_IMAGE.maxPx)
    throw badRequest(`印章图片的边长须在 ${SEAL_IMAGE.minPx}–${SEAL_IMAGE.maxPx} 像素之间`, FIELD);
  if (Math.abs(width - height) > Math.max(width, height) * 0.1) throw badRequest('印章图片须接近正方形（宽高相差不超过 10%）', FIELD);
  return { png, width, height };
}
