// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the sub-path declaration must reach every package that compiles this file
/// <reference path="./sm-crypto-sm3.d.ts" />
import sm3 from 'sm-crypto/src/sm3/index.js';

/** sm3(sm3(plain)) as lower-case hex: what a password field carries on the wire. */
export function hashPassword(plain: string): string {
  return sm3(sm3(plain));
}
