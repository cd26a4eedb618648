import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('cjkFont', () => {
  // a fresh module (its cache is empty) for each test: another file of the worker may have asked for a font already
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('prefers the licensed fonts dropped in OA_FONT_DIR, by kind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-font-'));
    fs.writeFileSync(path.join(dir, 'SIMFANG.TTF'), 'x');
    fs.writeFileSync(path.join(dir, 'simhei.ttf'), 'x');
    vi.stubEnv('OA_FONT_DIR', dir);
    const { cjkFont } = await import('./cjk-font');
    expect(cjkFont('body')).toEqual({ path: path.join(dir, 'SIMFANG.TTF'), source: 'configured' });
    expect(cjkFont('hei').path).toBe(path.join(dir, 'simhei.ttf'));
    expect(cjkFont('title').source).not.toBe('configured');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('always finds a font: without system fonts, the one shipped by the npm package', async () => {
    vi.stubEnv('OA_FONT_DIR', '/nonexistent');
    vi.stubEnv('OA_FONT_SYSTEM', 'off');
    const { cjkFont } = await import('./cjk-font');
    const f = cjkFont('body');
    expect(f.source).toBe('npm');
    expect(fs.existsSync(f.path)).toBe(true);
  });
});
