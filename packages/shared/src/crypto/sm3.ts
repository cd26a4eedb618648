import smCrypto from 'sm-crypto';

/** sm3(sm3(plain)) as lower-case hex: what a password field carries on the wire. */
export function hashPassword(plain: string): string {
  return smCrypto.sm3(smCrypto.sm3(plain));
}
