/** The published apps' routes (kept apart from the schemas: the desktop's frame names them without zod). */
export const APP_API = {
  list: '/api/auth/industry/information/ordinary/appPublishList',
  one: '/api/auth/industry/information/ordinary/appPublish',
  /** public download of a published app's package (the QR code's target) */
  package: '/api/base/oa/apps/package',
} as const;
