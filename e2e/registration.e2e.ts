import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl, visit } from './browser';
import { horizontalOverflow, newTrackedPage, noticesGone, seriousA11yViolations } from './checks';
import { settle, signInAs } from './screens';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const item = (page: Page, n: number) => page.getByRole('region', { name: new RegExp(`^Item ${n}:`) });
const save = (page: Page) =>
  Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/registration/checklist') && r.request().method() === 'PUT'),
    page.getByRole('button', { name: 'Save checklist' }).click(),
  ]);

async function addItem(page: Page, kind: string, en: string, es: string) {
  await page.getByRole('button', { name: 'Add an item' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  const index = (await page.getByRole('region', { name: /^Item \d+:/ }).count()) - 1;
  await page.getByTestId(`registration-item-${index}-label-en`).fill(en);
  await page.getByTestId(`registration-item-${index}-label-es`).fill(es);
}

describe("a school period's registration checklist", () => {
  it('is edited from the period on a phone, saved, and read back after a reload', async () => {
    const page = await newTrackedPage(browser, baseUrl, { width: 390, height: 844 }, true);
    await signInAs(page, 'school');
    await visit(page, '/main/enrollment-settings');
    await page.getByTestId('periods-table').locator('tbody > *').first().click();
    await page.getByTestId('period-registration').click();
    await page.waitForURL(/\/main\/enrollment-settings\/\d+\/registration$/);
    await page.getByRole('button', { name: 'Save checklist' }).waitFor();
    await settle(page);

    await addItem(page, 'Document', 'Birth certificate', 'Acta de nacimiento');
    await addItem(page, 'Deposit', 'Enrollment deposit', 'Depósito de matrícula');
    await item(page, 2).getByRole('switch', { name: 'Required' }).uncheck();
    const [saved] = await save(page);
    expect(saved.status()).toBe(200);
    await expect.poll(() => page.getByText('Unsaved changes.').count()).toBe(0);
    // axe reads a notice mid-fade paler than it is
    await noticesGone(page);
    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'registration-checklist-phone');

    await page.reload();
    await page.getByTestId('registration-item-1-label-en').waitFor();
    expect(await page.getByTestId('registration-item-0-label-en').inputValue()).toBe('Birth certificate');
    expect(await page.getByTestId('registration-item-1-label-es').inputValue()).toBe('Depósito de matrícula');
    expect(await item(page, 2).getByRole('switch', { name: 'Required' }).isChecked()).toBe(false);

    // the copy dialog and the removal confirmation are accessible too
    await page.getByRole('button', { name: 'Copy from another period' }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // back to no checklist, as the demo ships
    for (let n = 2; n >= 1; n--) {
      await page.getByRole('button', { name: `Remove item ${n}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    const [emptied] = await save(page);
    expect(emptied.status()).toBe(200);
    await expect.poll(() => page.getByText('No items yet.').isVisible()).toBe(true);
    await page.context().close();
  });
});
