import { FILE_API, THUMB_WIDTHS } from '@oa/shared/contract/files-api';
import { SEX } from '@oa/shared/constants';
import { apiUrl } from './http-client';
import { getToken } from './storage-keys';

/**
 * Addresses of stored files. `filePath` is the opaque id the server gave at upload; an image address
 * carries the session token as `wtoken` so it works in <img src> without headers (spec §7).
 */
export function imageUrl(filePath: string, width?: ThumbWidth): string {
  return apiUrl(FILE_API.image, { wtoken: getToken() ?? '', filePath, ...(width ? { w: String(width) } : {}) });
}

type ThumbWidth = (typeof THUMB_WIDTHS)[number];

/** The smallest thumbnail at least twice `cssWidth` (sharp on high-density screens), else the largest. */
export const thumbWidthFor = (cssWidth: number): ThumbWidth =>
  THUMB_WIDTHS.find((w) => w >= cssWidth * 2) ?? THUMB_WIDTHS[THUMB_WIDTHS.length - 1];

const svg = (body: string, bg: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${bg}"/>${body}</svg>`,
  )}`;

/** Default avatars by sex (spec §4): a male and a female silhouette. */
const DEFAULT_AVATAR_MALE = svg(
  '<circle cx="32" cy="24" r="12" fill="#fff"/><path d="M10 60c2-14 11-20 22-20s20 6 22 20z" fill="#fff"/>',
  '#69b1ff',
);
const DEFAULT_AVATAR_FEMALE = svg(
  '<path d="M18 30c0-12 6-19 14-19s14 7 14 19c0 6-2 10-2 10H20s-2-4-2-10z" fill="#fff" opacity=".85"/><circle cx="32" cy="25" r="10" fill="#fff"/><path d="M10 60c2-14 11-20 22-20s20 6 22 20z" fill="#fff"/>',
  '#ff85c0',
);

/** The user's icon, else the default picture for their sex. */
export function avatarSrc(icon: string | null | undefined, sex: string | null | undefined): string {
  if (icon) return /^(https?:|data:|\/)/.test(icon) ? icon : imageUrl(icon);
  return sex === SEX.FEMALE ? DEFAULT_AVATAR_FEMALE : DEFAULT_AVATAR_MALE;
}
