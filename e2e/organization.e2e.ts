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

  it('creates a school period, is refused before it is ready, starts it, sets priorities and a tag, and finalizes it', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'superadmin@demo.openseat.org');
    await page.waitForURL('**/main/schools');
    await page.goto('/main/enrollment-settings');
    await page.getByTestId('period-create').click();
    await page.getByTestId('period-id_campus').click();
    await page.getByRole('option', { name: /Desert Bloom East/ }).click();
    await page.getByTestId('period-id_school_year').click();
    await page.getByRole('option', { name: '2027-2028' }).click();
    await page.getByTestId('period-spots').fill('abc');
    await page.getByTestId('period-save').click();
    await expect.poll(() => page.getByText('Field only accepts numbers.').isVisible()).toBe(true);
    await page.getByTestId('period-spots').fill('0');
    await page.getByTestId('period-save').click();
    await page.waitForURL(/\/main\/enrollment-settings\/\d+$/);
    await expect.poll(() => page.getByTestId('period-readiness').innerText()).toContain('Set the enrollment start date.');

    await page.getByTestId('period-start').click();
    await page.getByTestId('period-confirm').click();
    await expect.poll(() => page.getByTestId('period-refusal').innerText()).toContain('The school period is not ready to start.');
    await screenshot(page, 'org-05-period-refused');

    await page.getByTestId('period-spots').fill('30');
    await page.getByTestId('period-enrollment_start_date').fill('2026-10-01');
    await page.getByTestId('period-enrollment_end_date').fill('2027-03-31');
    await page.getByTestId('period-first_day_of_school').fill('2027-08-09');
    await page.getByTestId('period-acceptance').fill('7');
    await page.getByTestId('period-save').click();
    await expect.poll(() => page.getByTestId('period-readiness').count()).toBe(0);

    await page.getByTestId('seats-K').fill('20');
    await page.getByTestId('seats-1').fill('20');
    await page.getByTestId('seats-save').click();
    await expect.poll(() => page.getByTestId('seats-error').innerText()).toContain('The total number of spots must not be greater than the available spots.');
    await page.getByTestId('seats-1').fill('10');
    await page.getByTestId('seats-save').click();
    await expect.poll(() => page.getByTestId('seats-error').count()).toBe(0);

    await page.getByTestId('period-start').click();
    await page.getByTestId('period-confirm').click();
    await expect.poll(() => page.getByTestId('period-state').innerText()).toBe('started');
    await screenshot(page, 'org-06-period-started');
    const periodUrl = page.url();

    await page.goto('/main/priorities-configuration');
    await page.getByTestId('priorities-campus').click();
    await page.getByRole('option', { name: /Desert Bloom East/ }).click();
    for (const [name, level] of [['sibling', '1'], ['staff child', '2'], ['in-district', '3'], ['general', '4']]) await page.getByTestId(`priority-${name}`).fill(level);
    await page.getByTestId('priorities-save').click();
    await expect.poll(() => page.getByText('Saved.').first().isVisible()).toBe(true);
    await screenshot(page, 'org-07-priorities');

    await page.goto('/main/application-tags');
    await page.getByTestId('tag-create').click();
    await page.getByTestId('tag-name').fill('Needs translation');
    await page.getByRole('combobox').last().click();
    await page.getByRole('option', { name: /Desert Bloom East/ }).click();
    await page.getByTestId('tag-save').click();
    await expect.poll(() => page.getByTestId('tags-table').innerText()).toContain('Needs translation');
    await screenshot(page, 'org-08-tags');

    await page.goto(periodUrl);
    await page.getByTestId('period-finalize').click();
    await page.getByTestId('period-confirm').click();
    await expect.poll(() => page.getByTestId('period-state').innerText()).toBe('finalized');
    await page.goto('/main/enrollment-settings');
    await page.getByTestId('periods-historical').click();
    await expect.poll(() => page.getByTestId('periods-table').innerText()).toContain('Desert Bloom East');
    await screenshot(page, 'org-09-historical');
    await page.context().close();
  });
});
