import { hash, verify } from '@node-rs/argon2';

/** argon2id of what the browser sends (sm3(sm3(plain)) hex). Never logged. */
export const hashStoredPassword = (wire: string): Promise<string> => hash(wire, { algorithm: 2 });

export async function verifyStoredPassword(stored: string, wire: string): Promise<boolean> {
  try {
    return await verify(stored, wire);
  } catch {
    return false;
  }
}
