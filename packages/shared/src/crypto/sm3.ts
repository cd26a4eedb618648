import { sm3 } from 'sm-crypto';

/** sm3(sm3(plain)) as lower-case hex: what a password field carries on the wire. */
export function hashPassword(plain: string): string {
  return sm3(sm3(plain));
}
