/**
 * Lighthouse on pages a person opens after login (issue 35: the dashboard, desktop ≥ 90; issue 34: the phone app,
 * mobile ≥ 90), in Debian's Chromium (CHROME_PATH or /usr/bin/chromium), never a downloaded browser. A persistent
 * Playwright context keeps the login token in the browser's own storage; Lighthouse attaches to the same browser
 * over its debugging port and is told not to clear that storage.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { TOKEN_KEY } from '../packages/shared/src/constants';

export interface LighthousePage {
  name: string;
  /** the address under the server, e.g. '/oa/' */
  path: string;
  form: 'desktop' | 'mobile';
  /** the token the page is opened with; none for a page before login */
  token: string | null;
}

export interface LighthouseResult {
  name: string;
  form: 'desktop' | 'mobile';
  score: number;
  /** total blocking time, largest contentful paint, first contentful paint (ms), layout shift, bytes sent */
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
  bytes: number;
  /** the machine's load average (1 minute) when the page was measured */
  load: number;
}

const DEBUG_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 18995);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

type Audits = Record<string, { numericValue?: number } | undefined>;
const value = (audits: Audits, id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);

/** Runs Lighthouse on each page in turn (one browser, the storage kept between them). */
export async function lighthouseRuns(base: string, pages: LighthousePage[]): Promise<LighthouseResult[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    headless: true,
    args: [`--remote-debugging-port=${DEBUG_PORT}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const out: LighthouseResult[] = [];
    /** One page from a cold start; again (up to three runs) while Chrome recorded an unusable trace (NO_NAVSTART). */
    const measure = async (p: LighthousePage) => {
      for (let attempt = 1; ; attempt++) {
        // a file of the origin, not a page: nothing registers the service worker while the storage is set and cleared
        await page.goto(`${base}/oa/favicon.svg`);
        const key = JSON.stringify(TOKEN_KEY);
        await page.evaluate(p.token ? `localStorage.setItem(${key}, ${JSON.stringify(p.token)})` : `localStorage.removeItem(${key})`);
        // a first visit: nothing of the app in the HTTP cache (the storage reset, which would also clear it, is off)
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        // nor in the service worker's caches: the worker and its kept shell go too (a phone's first visit)
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
        await cdp.detach();
        const run = await lighthouse(
          base + p.path,
          { port: DEBUG_PORT, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance'] },
          p.form === 'desktop' ? desktopConfig : undefined,
        );
        if (!run) throw new Error(`Lighthouse gave no result for ${p.path}`);
        if (!run.lhr.runtimeError || attempt === 3) return run;
      }
    };
    for (const p of pages) {
      const run = await measure(p);
      // BENCH_LIGHTHOUSE_DIR: where each page's whole report is written (<name>.json), to read what costs
      if (process.env.BENCH_LIGHTHOUSE_DIR)
        fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${p.name}.json`), String(run.report));
      // BENCH_LIGHTHOUSE_TRACE=1 beside it: the page's trace too (<name>.trace.json), each task's parts to read
      if (process.env.BENCH_LIGHTHOUSE_DIR && process.env.BENCH_LIGHTHOUSE_TRACE)
        fs.writeFileSync(
          path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${p.name}.trace.json`),
          JSON.stringify((run.artifacts as { Trace?: unknown }).Trace ?? null),
        );
      const audits = run.lhr.audits as Audits;
      out.push({
        name: p.name,
        form: p.form,
        score: Math.round((run.lhr.categories.performance?.score ?? 0) * 100),
        tbt: value(audits, 'total-blocking-time'),
        lcp: value(audits, 'largest-contentful-paint'),
        fcp: value(audits, 'first-contentful-paint'),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        bytes: value(audits, 'total-byte-weight'),
        load: os.loadavg()[0],
      });
    }
    return out;
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
