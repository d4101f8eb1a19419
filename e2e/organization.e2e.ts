import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, signIn } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('setting up a school, as a new administrator would', () => {
  it('creates a school and a campus, activates grades and configures the campus', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'superadmin@demo.openseat.org');
    await page.waitForURL('**/main/schools');
    await expect.poll(() => page.getByTestId('schools-table').innerText()).toContain('Northstar Academies');
    await screenshot(page, 'org-01-schools');

    await page.getByTestId('school-create').click();
    await page.getByTestId('school-save').click();
    await expect.poll(() => page.getByText('Required field.').isVisible()).toBe(true);
    await page.getByTestId('school-name').fill('Desert Bloom Charter');
    await page.getByTestId('school-email').fill('office@desertbloom.org');
    await page.getByTestId('school-save').click();
    await page.getByRole('row', { name: /Desert Bloom Charter/ }).click();
    await page.waitForURL(/\/main\/schools\/school\/\d+$/);

    await page.getByTestId('campus-name').fill('Desert Bloom East');
    await page.getByTestId('campus-create').click();
    await page.waitForURL(/\/campus\/\d+$/);
    await screenshot(page, 'org-02-campus');

    await page.getByTestId('campus-tab-grades').click();
    for (const grade of ['K', '1', '2']) await page.getByRole('switch', { name: `grade ${grade}`, exact: true }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'grade 2', exact: true }).isChecked()).toBe(true);
    await screenshot(page, 'org-03-grades');

    await page.getByTestId('campus-tab-configuration').click();
    await page.getByTestId('config-phone_number').fill('520-555-0101');
    await page.getByTestId('config-save').click();
    await expect.poll(() => page.getByText("The phone number can't have dash, spaces nor parentheses.").first().isVisible()).toBe(true);
    await page.getByTestId('config-phone_number').fill('+15205550101');
    await page.getByTestId('config-api_secret').fill('campus-api-secret-7788');
    await page.getByRole('switch', { name: 'is_lottery_campus' }).click();
    await page.getByTestId('config-save').click();
    await expect.poll(() => page.getByTestId('config-api_secret').getAttribute('placeholder')).toBe('••••7788');
    await screenshot(page, 'org-04-campus-configuration');
    await page.context().close();
  });
});
