import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl, visit } from './browser';
import { horizontalOverflow, newTrackedPage, seriousA11yViolations } from './checks';
import { signInAs } from './screens';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("conversion events, in the school's configuration tab", () => {
  it('are explained, refused without a basis, switched on with one (recorded), and kept after a reload', async () => {
    const page = await newTrackedPage(browser, baseUrl, { width: 390, height: 844 }, true);
    const me = await signInAs(page, 'school');
    await visit(page, `/main/schools/school/${me.id_school}`);
    await page.getByTestId('school-configuration-tab').click();
    const explanation = page.getByTestId('ads-conversions-explanation');
    await explanation.waitFor();
    expect(await explanation.innerText()).toContain('No student data is ever sent');
    expect(await explanation.innerText()).toContain('No pixel or third-party script is ever loaded');
    await page.getByTestId('ads-events').waitFor();
    const enabled = page.getByTestId('ads-enabled');
    expect(await enabled.isChecked()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await enabled.check();
    await page.getByTestId('ads-save').click();
    await expect
      .poll(() => page.getByText('Record the basis for reporting conversions').first().isVisible())
      .toBe(true);

    await page.getByTestId('ads-basis').click();
    await page.getByRole('option', { name: /Guardians consented/ }).click();
    await page.getByTestId('ads-note').fill('Consent box on the inquiry form');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/ads-conversions/settings') && r.request().method() === 'PUT'),
      page.getByTestId('ads-save').click(),
    ]);
    expect(saved.status()).toBe(200);
    await expect.poll(() => page.getByTestId('ads-recorded').isVisible()).toBe(true);
    await screenshot(page, 'ads-conversions-settings');

    await page.reload();
    await page.getByTestId('school-configuration-tab').click();
    await page.getByTestId('ads-conversions').waitFor();
    await expect.poll(() => page.getByTestId('ads-enabled').isChecked()).toBe(true);

    // back to off, as the demo ships
    await page.getByTestId('ads-enabled').uncheck();
    const [off] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/ads-conversions/settings') && r.request().method() === 'PUT'),
      page.getByTestId('ads-save').click(),
    ]);
    expect(off.status()).toBe(200);
    await page.context().close();
  });
});
