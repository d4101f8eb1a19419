import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openAuditLog, openPage, screenshot, serverUrl, signIn, visit } from './browser';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const numberIn = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ''));
/** The charts and the table show the answers for this range (not the previous range's, kept while loading). */
async function showsRange(page: Page, startDate: string, endDate: string) {
  await expect.poll(() => page.getByTestId('ads-summary').getAttribute('data-range')).toBe(`${startDate}/${endDate}`);
  await expect.poll(() => page.getByTestId('ads-summary').getAttribute('data-stale')).toBe('false');
  await expect.poll(() => page.getByTestId('ads-table').getAttribute('data-stale')).toBe('false');
}

/** The table's total, from the pagination ("1–25 of 87"). */
const tableTotal = async (page: Page) => {
  const text = await page.getByTestId('ads-pagination').innerText();
  return Number(/(\d+)\s*$/.exec(text.trim())?.[1] ?? -1);
};

describe('ads tracking', () => {
  it('shows a personalised range in the charts and table, exports it, and the export is in the audit log', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/**');
    await page.getByTestId('side-menu').getByRole('link').first().waitFor();
    await visit(page, '/main/ads/tracking');
    await page.getByTestId('ads-table').waitFor();

    // a personalised range over the demo's ads leads (September to mid-November 2026)
    await page.getByTestId('ads-date-range').click();
    await page.getByTestId('ads-date-range-6').click();
    await page.getByTestId('ads-start-date').fill('2026-09-01');
    await page.getByTestId('ads-end-date').fill('2026-11-30');
    await page.waitForURL('**/main/ads/tracking/all/1/6/2026-09-01/2026-11-30');
    await page.getByTestId('ads-charts').waitFor();
    await showsRange(page, '2026-09-01', '2026-11-30');
    await expect.poll(() => page.getByTestId('ads-range').innerText()).toContain('09/01/2026');
    await expect.poll(() => numberIn(page, 'ads-leads-total')).toBeGreaterThan(0);
    const leads = await numberIn(page, 'ads-leads-total');
    await expect.poll(() => tableTotal(page)).toBe(leads);
    // the bars name the months of the current year (and prefix another year's)
    expect(await page.getByTestId('ads-bars').innerText()).toMatch(/September|October|November/);
    // the advertising report: the same leads, per month and platform
    await page.getByTestId('ads-report-toggle').click();
    const report = page.getByTestId('ads-report').locator('tbody tr');
    await expect.poll(() => report.count()).toBe(3);
    const monthTotals = await report.evaluateAll((rows) => rows.map((r) => Number(r.lastElementChild?.textContent)));
    expect(monthTotals.reduce((a, b) => a + b, 0)).toBe(leads);
    await screenshot(page, 'ads-tracking');

    // a narrower range: the charts and the table follow
    await page.getByTestId('ads-end-date').fill('2026-09-30');
    await page.waitForURL('**/main/ads/tracking/all/1/6/2026-09-01/2026-09-30');
    await showsRange(page, '2026-09-01', '2026-09-30');
    await expect.poll(() => numberIn(page, 'ads-leads-total')).toBeLessThan(leads);
    const september = await numberIn(page, 'ads-leads-total');
    await expect.poll(() => tableTotal(page)).toBe(september);

    // the CSV of the table: the spec's ads columns and a row per application
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ads-export').click()]);
    expect(download.suggestedFilename()).toBe('ads-applications.csv');
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('createdAt,id,applicantName,campaign_id,ad_id,status,platform');
    expect(lines.length - 1).toBe(september);
    expect(lines[1]).toMatch(/^2026-09-\d{2}T[\d:.]+Z,\d+,.+,cmp-\d+,ad-\d+,\w+,(fbPixel|googleAds)$/);

    // a row opens the application detail under the ads address
    await page.locator('[data-testid^="ads-open-"]').first().click();
    await page.waitForURL('**/main/ads/tracking/all/1/6/2026-09-01/2026-09-30/application/*');
    await page.getByTestId('application-status').waitFor();
    await page.context().close();

    // the superadmin finds the export in the console's audit log
    const { page: admin, newest: first } = await openAuditLog(browser, baseUrl, 'ads_tracking.export');
    await expect.poll(() => first.innerText()).toContain('ads_tracking.export');
    const text = await first.innerText();
    expect(text).toContain('Sharon School');
    expect(text).toContain('2026-09-30');
    await screenshot(admin, 'ads-tracking-audit');
    await admin.context().close();
  });
});
