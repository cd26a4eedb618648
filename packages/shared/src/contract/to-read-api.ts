/** The to-read list's routes (待阅). */
export const TO_READ_API = {
  list: '/api/auth/oa/process/toRead',
  read: '/api/auth/oa/process/toReadRead',
} as const;
