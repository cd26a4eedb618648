import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { sqliteIntact } from '../../db/backup-snapshot';
import { decryptFile, isEncrypted } from './backup-crypto';
import { BackupRefused, MANIFEST, databaseEntry, hashFile, manifestSchema, type Manifest } from './backup-manifest';

export interface OpenedBackup {
  manifest: Manifest;
  /** the archive's contents, checked against the manifest */
  dir: string;
  dispose(): Promise<void>;
}

async function listFiles(root: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.promises.readdir(path.join(root, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(root, p)));
    else out.push(p);
  }
  return out;
}

/** Reads the manifest and checks every entry's size and SHA-256; throws BackupRefused naming the archive. */
async function checkContents(name: string, dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await fs.promises.readFile(path.join(dir, MANIFEST), 'utf8')));
  } catch {
    throw new BackupRefused(name, '清单（manifest.json）缺失或无法读取');
  }
  const listed = new Set(manifest.entries.map((e) => e.path));
  if (!listed.has(databaseEntry(manifest.dialect))) throw new BackupRefused(name, '清单中没有数据库');
  for (const e of manifest.entries) {
    const file = path.join(dir, e.path);
    if (!fs.existsSync(file)) throw new BackupRefused(name, `缺少 ${e.path}`);
    const h = await hashFile(file);
    if (h.sha256 !== e.sha256 || h.size !== e.size) throw new BackupRefused(name, `${e.path} 的校验值与清单不符`);
  }
  const extra = (await listFiles(dir)).filter((p) => p !== MANIFEST && !listed.has(p));
  if (extra.length) throw new BackupRefused(name, `含有清单外的文件 ${extra[0]}`);
  if (manifest.dialect === 'sqlite' && !sqliteIntact(path.join(dir, databaseEntry('sqlite'))))
    throw new BackupRefused(name, '数据库文件未通过 SQLite 完整性检查');
  return manifest;
}

/**
 * Opens an archive into a temporary folder beside it (decrypting with `key` when it is encrypted) and checks it
 * against its manifest. The caller restores from `dir` and then disposes of it.
 */
export async function openBackup(archive: string, key: Buffer | undefined, workDir = path.dirname(archive)): Promise<OpenedBackup> {
  const name = path.basename(archive);
  if (!fs.existsSync(archive)) throw new BackupRefused(name, '文件不存在');
  const work = await fs.promises.mkdtemp(path.join(workDir, '.open-'));
  // tar may still be writing a file of a broken archive when it has already refused it: rm retries ENOTEMPTY
  const dispose = () => fs.promises.rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  try {
    let tarFile = archive;
    if (await isEncrypted(archive)) {
      if (!key) throw new BackupRefused(name, '备份已加密，须设置 OA_BACKUP_KEY');
      tarFile = path.join(work, 'archive.tar.gz');
      try {
        await decryptFile(archive, tarFile, key);
      } catch (e) {
        throw new BackupRefused(name, (e as Error).message);
      }
    }
    const dir = path.join(work, 'content');
    await fs.promises.mkdir(dir);
    try {
      await tar.x({ file: tarFile, cwd: dir, strict: true });
    } catch (e) {
      throw new BackupRefused(name, `归档已损坏（${(e as Error).message}）`);
    }
    return { manifest: await checkContents(name, dir), dir, dispose };
  } catch (e) {
    // the refusal is what the person needs to read, even when the temporary folder could not be removed
    await dispose().catch(() => undefined);
    throw e;
  }
}

/** `npm run backup -- --verify <archive>`: the whole check, nothing restored. */
export async function verifyBackup(archive: string, key: Buffer | undefined): Promise<Manifest> {
  const opened = await openBackup(archive, key);
  await opened.dispose();
  return opened.manifest;
}
