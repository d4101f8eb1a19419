import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl, signIn, visit } from './browser';
import { horizontalOverflow, seriousA11yViolations } from './checks';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The metric cards shown, in order, by their widget ids. */
const shownCards = (page: Page) =>
  page
    .getByTestId('metric-cards')
    .locator('[data-testid^="metric-card-"]')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-testid')!.replace('metric-card-', ''))));

describe('dashboard, as a school admin', () => {
  it('configures the widgets, keeps them after a reload, and draws the charts from the demo data', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/**');
    await visit(page, '/main/dashboard');
    await page.getByTestId('status-chart').waitFor();

    // every widget by default
    await expect.poll(async () => (await shownCards(page)).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);

    // the charts draw the demo's applications: bars in an svg, no empty state
    await expect.poll(() => page.getByTestId('status-chart').locator('svg rect, svg path').count()).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('funnel-chart').locator('svg').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('bars-chart').locator('svg').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('chart-empty').count()).toBe(0);
    await expect.poll(() => page.getByTestId('metric-value-3').innerText()).toMatch(/^\d[\d,]*$/);
    await screenshot(page, 'dashboard');

    // choose: hide "spots taken" and "changed status", move "leads to enrolled" to the top
    await page.getByTestId('configure-widgets').click();
    const dialog = page.getByTestId('configure-widgets-dialog');
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('widget-toggle-1').locator('input').uncheck();
    await page.getByTestId('widget-toggle-2').locator('input').uncheck();
    for (let i = 0; i < 5; i++) await page.getByTestId('widget-up-6').click();
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/user/dashboard/items') && r.request().method() === 'PUT'),
      page.getByTestId('widgets-save').click(),
    ]);
    expect(saved.status()).toBe(200);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const chosen = [6, 3, 4, 5, 7, 8, 9];
    await expect.poll(() => shownCards(page)).toEqual(chosen);

    // kept after a reload
    await page.reload();
    await page.getByTestId('status-chart').waitFor();
    await expect.poll(() => shownCards(page)).toEqual(chosen);

    // a card's period is its own: last year answers a number too
    await page.getByTestId('metric-period-3').click();
    await page.getByRole('option', { name: 'Last year' }).click();
    await expect.poll(() => page.getByTestId('metric-value-3').innerText()).toMatch(/^\d[\d,]*$/);

    // back to the default, so the other passes see every widget
    await page.getByTestId('configure-widgets').click();
    await dialog.waitFor();
    for (const id of [1, 2]) await page.getByTestId(`widget-toggle-${id}`).locator('input').check();
    await page.getByTestId('widgets-save').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await shownCards(page)).length).toBe(9);
    await context.close();
  });

  it('is usable 390 px wide', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/**');
    await visit(page, '/main/dashboard');
    await page.getByTestId('status-chart').locator('svg').first().waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'dashboard-phone');
    await context.close();
  });
});
