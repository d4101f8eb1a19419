import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openAuditLog, openPage, screenshot, serverUrl, signIn, visit } from './browser';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('admin console', () => {
  it('shows the export of applications a school admin just made in the audit log', async () => {
    // the school admin exports the applications list as the spec's CSV
    const school = await openPage(browser, baseUrl);
    await signIn(school, 'school@demo.openseat.org');
    await school.waitForURL('**/main/dashboard');
    // the console is not in a school user's menu
    await school.getByTestId('side-menu').getByRole('link').first().waitFor();
    expect(await school.getByTestId('side-menu').getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await visit(school, '/main/applications');
    await school.getByTestId('applications-table').waitFor();
    await school.getByTestId('applications-export').click();
    const [download] = await Promise.all([
      school.waitForEvent('download'),
      school.getByTestId('export-application').click(),
    ]);
    expect(await download.path()).toBeTruthy();
    await school.context().close();

    // the superadmin finds it in the console's audit log, with who did it and the format
    const { page, newest: first } = await openAuditLog(browser, baseUrl, 'application.export');
    await expect.poll(() => first.innerText()).toContain('Sharon School');
    const text = await first.innerText();
    expect(text).toContain('application.export');
    expect(text).toContain('"format": "application"');
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}/);
    await screenshot(page, 'admin-console-audit');
    await page.context().close();
  });
});
