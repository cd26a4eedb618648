import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database';
import { mobileLookup } from '../src/core/identity/account-mobile';
import type { FieldKeyring } from '../src/lib/field-cipher';

/**
 * What the SMS tests share: an image captcha solved in advance (its answer stored as the captcha route stores it), the
 * console gateway's outbox of a number (sys_sms_outbox: what the gateway was handed), the last code sent to it, and
 * the code rows kept for it (by the number's keyed hash: the rows keep no number).
 */

/** A stored captcha whose answer is `answer` (any case); its key. */
export async function solvedCaptcha(db: Db, answer = 'wxyz'): Promise<string> {
  const key = randomBytes(8).toString('hex');
  await db
    .insertInto('sys_captcha')
    .values({
      captcha_key: key,
      answer_hash: createHash('sha256').update(answer.toLowerCase()).digest('hex'),
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      used: 'N',
    })
    .execute();
  return key;
}

/** The texts the gateway was handed for a number, the newest first. */
export const smsOutbox = (db: Db, mobile: string) =>
  db.selectFrom('sys_sms_outbox').select('content').where('mobile', '=', mobile).orderBy('id', 'desc').execute();

/** The six digits of the newest text sent to a number. */
export async function lastSentCode(db: Db, mobile: string): Promise<string> {
  const [newest] = await smsOutbox(db, mobile);
  if (!newest) throw new Error(`no text sent to ${mobile}`);
  return /(\d{6})/.exec(newest.content)![1];
}

/** The code rows kept for a number, found by its keyed hash. */
export const smsCodeRows = (db: Db, keys: FieldKeyring, mobile: string) =>
  db.selectFrom('sys_sms_code').selectAll().where('mobile_hash', 'in', mobileLookup(keys, mobile).hashes).execute();
