import type { LoginBody } from '@oa/shared/contract/auth';
import type { AppContext } from '../../core/context';
import { verifyStoredPassword } from '../../core/identity/password';
import { checkDirectoryPassword, DirectoryUnavailable } from '../../core/identity/directory-client';
import { isDirectoryAccount, markDirectoryLogin } from '../../core/identity/directory-accounts.repository';
import { nowIso } from '../../lib/time';

export const DIRECTORY_DOWN = '目录服务暂时无法连接，请稍后再试；本地账号不受影响';

/**
 * The password check of a login. An account the directory sync created, while a directory is configured, is checked
 * by binding to the directory as that person with the password typed (`directoryPassword`; the browser sends it only
 * when the directory is configured); every other account — admin, accounts made here — by its local password.
 * 'unavailable': the directory cannot answer (the attempt is not counted as a failure).
 */
export async function checkLoginPassword(
  ctx: AppContext,
  user: { user_code: string; password_hash: string },
  body: LoginBody,
): Promise<'ok' | 'bad' | 'unavailable'> {
  const dir = ctx.config.directory;
  if (!dir || !(await isDirectoryAccount(ctx.db, user.user_code)))
    return (await verifyStoredPassword(user.password_hash, body.password)) ? 'ok' : 'bad';
  try {
    const verdict = await checkDirectoryPassword(dir, user.user_code, body.directoryPassword ?? '');
    if (verdict === 'ok') await markDirectoryLogin(ctx.db, user.user_code, nowIso());
    return verdict;
  } catch (e) {
    if (!(e instanceof DirectoryUnavailable)) throw e;
    return 'unavailable';
  }
}
