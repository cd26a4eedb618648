import fs from 'node:fs';
import path from 'node:path';
import { newKeySpec, parseKeyring, type FieldKeyring } from '../../lib/field-cipher';

/** The file that holds the generated data key when OA_DATA_KEYS is not set (development and demo only). */
export const generatedKeyFile = (dataDir: string) => path.join(dataDir, 'data-keys');

/**
 * The data keys: OA_DATA_KEYS when set; else a key generated once into the data directory (kept outside the
 * database, so a backup holds the ciphertext and not its key) and a warning to log.
 */
export function loadFieldKeys(config: { dataKeys?: string; dataDir: string }): { keys: FieldKeyring; warning?: string } {
  if (config.dataKeys) return { keys: parseKeyring(config.dataKeys, 'env') };
  const file = generatedKeyFile(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${newKeySpec('g1')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return {
    keys: parseKeyring(fs.readFileSync(file, 'utf8').trim(), 'generated'),
    warning: `未设置 OA_DATA_KEYS：敏感字段使用数据目录中生成的密钥 ${file}（仅供开发和演示；生产请设置 OA_DATA_KEYS，并另行保管该文件）`,
  };
}
