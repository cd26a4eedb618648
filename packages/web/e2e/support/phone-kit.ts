import { execFileSync } from 'node:child_process';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './e2e-env';
import { fitsThePhone, shot } from './phone';

/**
 * The phone app's journeys' steps (issue 34): a signature drawn with a finger, a PDF to attach, the printed sheet, the
 * sign-and-confirm sheet. The phone's browser and the checks every phone page passes are in support/phone.ts.
 */
/** A one-page A4 PDF (a blue box on the page) with a correct cross-reference table, for pdf.js to draw. */
export function onePagePdf(): Buffer {
  const content = '0.1 0.4 0.9 rg 72 560 450 200 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A few strokes drawn with a finger on the signature pad (touch events, as the phone's screen sends them). */
export async function signWithFinger(page: Page, context: BrowserContext): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const strokes: Array<Array<[number, number]>> = [
    [
      [0.1, 0.6],
      [0.2, 0.3],
      [0.3, 0.7],
      [0.45, 0.35],
    ],
    [
      [0.5, 0.4],
      [0.62, 0.7],
      [0.75, 0.3],
      [0.9, 0.6],
    ],
  ];
  for (const s of strokes) {
    const at = ([x, y]: [number, number]) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(s[0]!)] });
    for (let i = 1; i < s.length; i++) {
      const [a, b] = [s[i - 1]!, s[i]!];
      for (let k = 1; k <= 6; k++) {
        const p: [number, number] = [a[0] + ((b[0] - a[0]) * k) / 6, a[1] + ((b[1] - a[1]) * k) / 6];
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(p)] });
      }
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
}

/**
 * The item's printed sheet (审批单 / 处理笺) as the phone shows it: opened from the action bar (or 更多), drawn in the
 * page, downloaded and saved as `<name>.pdf` with the test's output; answers its text and its list of images.
 */
export async function printedSheet(m: Page, name: string): Promise<{ text: string; images: string }> {
  const more = m.getByTestId('m-action-more');
  if (await more.isVisible()) await more.tap();
  await m.getByTestId('m-action-print').tap();
  await expect(m.locator('[data-testid="m-pdf-page"][data-drawn="Y"]').first()).toBeVisible({ timeout: 20_000 });
  await shot(m, `${name}-pdf`, true);
  const download = m.waitForEvent('download');
  await m.locator('.m-viewer').getByRole('button', { name: '下载' }).tap();
  const file = test.info().outputPath(`${name}.pdf`);
  await (await download).saveAs(file);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, test.info().outputPath(name)]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  await m.locator('.m-viewer .ant-drawer-close').tap();
  return { text, images };
}

/**
 * Logs in on the phone's login page (where a link opened without a session lands) as a demo account; the page fits the
 * phone (kept as `m-login.png`). The journeys that are not about the phone's login start signed in instead
 * (`phoneContext(page, { as })`).
 */
export async function phoneLogin(m: Page, user: string): Promise<void> {
  await expect(m).toHaveURL(/\/oa\/m\/login\?redirect=/);
  await expect(m.getByTestId('m-login')).toBeVisible();
  await fitsThePhone(m);
  await shot(m, 'm-login');
  await m.getByLabel('账号', { exact: true }).fill(user);
  await m.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await m.getByRole('button', { name: /登\s*录/ }).tap();
}

/** Taps the action sheet's confirm once; the server's answer `done` shows (one tap acts: a tap right after the
 * signature's last stroke was once taken by the browser for stopping a fling — SignaturePad). */
export async function confirmSheet(m: Page, button: string | RegExp, done: string): Promise<void> {
  await m.getByTestId('m-action-sheet').getByRole('button', { name: button }).tap();
  await expect(m.locator('.ant-message').getByText(done)).toBeVisible({ timeout: 10_000 });
}

/**
 * 批示 on the phone: 同意 opens the sheet, the opinion is typed, a signature drawn by finger; the sheet is kept as
 * `<name>.png` and 签批同意 is tapped once, the server answering 已同意.
 */
export async function instructWithSignature(m: Page, context: BrowserContext, opinion: string, name: string): Promise<void> {
  await m.getByTestId('m-action-approve').tap();
  const sheet = m.getByTestId('m-action-sheet');
  await sheet.getByLabel('批示意见').fill(opinion);
  await signWithFinger(m, context);
  await expect(sheet).toContainText('已签名');
  await fitsThePhone(m);
  await shot(m, name, true);
  await confirmSheet(m, '签批同意', '已同意');
}

/** The printed sheet carries `text` and the drawn signature (a 480×160 image). */
export async function expectSignedSheet(m: Page, name: string, text: string): Promise<void> {
  const printed = await printedSheet(m, name);
  expect(printed.text).toContain(text);
  expect(printed.images).toMatch(/\b480\s+160\b/);
}
