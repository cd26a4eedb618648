import type { Db } from '../../db/database';
import type { NotifyChoiceTable } from '../../db/schema/notify-prefs';

/** SQL of each person's message preferences (tables of migration 106). */

export const personOf = (db: Db, userCode: string) =>
  db.selectFrom('notify_person').selectAll().where('user_code', '=', userCode).executeTakeFirst();

/** The choices (event/channel pairs not sent at once) of these people. */
export const choicesOf = (db: Db, userCodes: string[]) =>
  userCodes.length
    ? db.selectFrom('notify_choice').selectAll().where('user_code', 'in', userCodes).execute()
    : Promise.resolve([] as NotifyChoiceTable[]);

/** Replaces a person's preferences in one transaction. */
export async function savePrefs(
  db: Db,
  userCode: string,
  p: { quiet_from: string | null; quiet_to: string | null; digest_at: string },
  choices: Array<Omit<NotifyChoiceTable, 'user_code'>>,
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notify_person')
      .values({ user_code: userCode, ...p, updated_at: at })
      .onConflict((oc) => oc.column('user_code').doUpdateSet({ ...p, updated_at: at }))
      .execute();
    await trx.deleteFrom('notify_choice').where('user_code', '=', userCode).execute();
    if (choices.length)
      await trx
        .insertInto('notify_choice')
        .values(choices.map((c) => ({ user_code: userCode, ...c })))
        .execute();
  });
}
