import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { openDatabase } from '../../packages/server/src/db/database';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { loadFieldKeys } from '../../packages/server/src/core/crypto/field-keys';
import { seedDemo } from '../../packages/server/src/db/seed/seed';
import { login, startServer } from '../harness';
import { TOKEN_KEY } from '../../packages/shared/src/constants';

const PORT = 18176;
const BASE = `http://127.0.0.1:${PORT}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h3-prof-'));
const handle = openDatabase({ sqliteFile: path.join(dir, 'oa.db') });
await migrateToLatest(handle);
await seedDemo(handle.db, { keys: loadFieldKeys({ dataDir: dir }).keys });
await handle.close();
const server = await startServer(PORT, dir);
try {
  const token = await login(BASE, 'leader');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/oa/favicon.svg`);
  for (const [name, p, tok] of [['todo', '/oa/m/', token], ['login', '/oa/m/login?redirect=%2Fm', null]] as const) {
    await page.evaluate(tok ? `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(tok)})` : `localStorage.clear()`);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(BASE + p);
    await page.waitForTimeout(4000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    fs.writeFileSync(`/tmp/h3-lh/${name}.cpuprofile`, JSON.stringify(profile));
    await page.goto(`${BASE}/oa/favicon.svg`);
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}
