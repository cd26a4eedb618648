// The files' routes and thumbnail widths, apart from the schemas: pages name them without loading zod.

/** The widths an image can be asked for as a thumbnail (`w`): CSS pixels × 2, a fixed set the server caches. */
export const THUMB_WIDTHS = [96, 160, 320, 640] as const;

/** The files' routes. */
export const FILE_API = {
  upload: '/api/auth/base/system/file/upload',
  download: '/api/auth/base/system/file/download',
  image: '/api/base/system/file/download',
  iconUpload: '/api/auth/base/userinfo/userIconUpload',
} as const;
