import path from 'node:path';
import { test as base } from '@playwright/test';
import { a11yFindings, watchA11y } from './a11y-watch';

export * from '@playwright/test';

/**
 * The journeys whose every page has been brought to AA: a violation fails them. Elsewhere the findings are reported
 * (an `axe` annotation on the test and a line in the run's output) until that journey's pages are fixed and it joins
 * this list — a list that may only grow (issue 40).
 */
const STRICT = new Set([
  'admin.spec.ts',
  'approval-modules.spec.ts',
  'audit-log.spec.ts',
  'backups.spec.ts',
  'behind-nginx.spec.ts',
  'dept-documents.spec.ts',
  'document-out.spec.ts',
  'documents.spec.ts',
  'every-page-1.spec.ts',
  'every-page-2.spec.ts',
  'handover.spec.ts',
  'keyboard.spec.ts',
  'ldap-sync.spec.ts',
  'live-banner.spec.ts',
  'lockout.spec.ts',
  'login-help.spec.ts',
  'meetings.spec.ts',
  'member-units.spec.ts',
  'modules.spec.ts',
  'new-user.spec.ts',
  'news.spec.ts',
  'notify-prefs.spec.ts',
  'office.spec.ts',
  'password.spec.ts',
  'people.spec.ts',
  'phone-app.spec.ts',
  'phone-install.spec.ts',
  'phone-mail.spec.ts',
  'phone-meeting-qr.spec.ts',
  'phone-receipt.spec.ts',
  'print-sheet.spec.ts',
  'print-template.spec.ts',
  'registers.spec.ts',
  'report-handoff.spec.ts',
  'sealed-fields.spec.ts',
  'seals.spec.ts',
  'security-admin.spec.ts',
  'session.spec.ts',
  'shell.spec.ts',
  'sso.spec.ts',
  'step-stats.spec.ts',
  'subjects.spec.ts',
  'three-admins.spec.ts',
  'two-factor.spec.ts',
  'web-push.spec.ts',
  'workflow-mobile.spec.ts',
  'workflow-office.spec.ts',
  'workflow.spec.ts',
]);

const failOn = (findings: string[]) => {
  if (!findings.length) return;
  const text = `axe: critical or serious WCAG 2.1 AA violations\n${findings.join('\n')}`;
  const info = base.info();
  if (STRICT.has(path.basename(info.file))) throw new Error(text);
  info.annotations.push({ type: 'axe', description: text });
  process.stderr.write(`[axe] ${path.basename(info.file)} › ${info.title}\n${text}\n`);
};

/**
 * Playwright's `test` with the axe check on (support/a11y-watch.ts): every page of the test's own browser context, and
 * every page `login`/`openAs` logs in, is checked on each route it opens; at its end the test fails with what was found
 * (a STRICT journey) or reports it.
 * Specs import `test` (and `expect`) from here. `OA_E2E_AXE=off` runs a journey without the check.
 */
export const test = base.extend<{ a11yCheck: void }>({
  context: async ({ context }, use) => {
    context.on('page', watchA11y);
    await use(context);
  },
  page: async ({ page }, use) => {
    watchA11y(page);
    await use(page);
    failOn(await a11yFindings()); // before the page closes
  },
  a11yCheck: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its first parameter
    async ({}, use) => {
      await use();
      failOn(await a11yFindings()); // the pages of contexts a test opened itself (openAs)
    },
    { auto: true },
  ],
});
