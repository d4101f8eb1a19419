import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, serverUrl, signIn, visit } from './browser';

const baseUrl = serverUrl();
let browser: Browser;
/** The school and campus the first test creates, for the later ones. */
let schoolPath = '';
let campusPath = '';

/** A real 16x16 PNG (the server checks what the bytes are, not the file name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABj0lEQVR4nAXBEQIEIQAAwH3O8nEcx3Ecx3Ecx3EcD++LbuYRXvGVXvlVXvXVXv01XvO1Xvt1Xvfl9b2P8BN/0k/+KT/1p/30n/Ezf9bP/jk/98fP93uEIAYpyEEJatCCHoxgBivYwQluIPjCI0QxSlGOSlSjFvVoRDNa0Y5OdCPRFx8hiUlKclKSmrSkJyOZyUp2cpKbSL70CFnMUpazktWsZT0b2cxWtrOT3Uz25UcoYpGKXJSiFq3oxShmsYpdnOIWiq88QhWrVOWqVLVqVa9GNatV7epUt1J99RGa2KQmN6WpTWt6M5rZrGY3p7mN5muP0MUudbkrXe1a17vRzW51uzvd7XRff4QhDmnIQxnq0IY+jGEOa9jDGe5g+MYjTHFKU57KVKc29WlMc1rTns50J9M3H2GJS1ryUpa6tKUvY5nLWvZylrtYvvUIW9zSlrey1a1tfRvb3Na2t7PdzfbtRzjikY58lKMe7ejHOOaxjn2c4x6O7zzCFa905atc9WpXv8Y1r3Xt61z3cn33D2PqwhAo40PmAAAAAElFTkSuQmCC',
  'base64',
);
/** Whether an <img> in the element finished loading a real image. */
const imageLoaded = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('img')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:'))
    .catch(() => false);

beforeAll(async () => {
  // the machine may be busy: a screen gets a few seconds to show what it is waiting for, not one
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Moves inside the app without reloading it (as a click on a link does): a reload spends a refresh token,
 * and the sign-in and refresh calls share one per-address limit.
 */
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
    await page.getByRole('link', { name: 'Desert Bloom Charter' }).click();
    await page.waitForURL(/\/main\/schools\/school\/\d+$/);
    schoolPath = new URL(page.url()).pathname;

    await page.getByTestId('campus-name').fill('Desert Bloom East');
    await page.getByTestId('campus-create').click();
    await page.waitForURL(/\/campus\/\d+$/);
    campusPath = new URL(page.url()).pathname;
    await screenshot(page, 'org-02-campus');

    await page.getByTestId('campus-tab-grades').click();
    for (const grade of ['K', '1', '2'])
      await page.getByRole('switch', { name: `Grade ${grade}`, exact: true }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Grade 2', exact: true }).isChecked()).toBe(true);
    await screenshot(page, 'org-03-grades');

    await page.getByTestId('campus-tab-configuration').click();
    await page.getByTestId('config-phone_number').fill('520-555-0101');
    await page.getByTestId('config-save').click();
    await expect
      .poll(() => page.getByText("The phone number can't have dash, spaces nor parentheses.").first().isVisible())
      .toBe(true);
    await page.getByTestId('config-phone_number').fill('+15205550101');
    await page.getByTestId('config-api_secret').fill('campus-api-secret-7788');
    await page.getByRole('switch', { name: 'Lottery enabled' }).click();
    // the student information system is a choice, not a number
    await page.getByTestId('config-id_enrollment_sis').click();
    await expect
      .poll(() => page.getByRole('option').allInnerTexts())
      .toEqual(['None', 'PowerSchool', 'SchoolMint', 'Aspire']);
    await page.getByRole('option', { name: 'SchoolMint' }).click();
    await page.getByTestId('config-save').click();
    await expect.poll(() => page.getByTestId('config-api_secret').getAttribute('placeholder')).toBe('••••7788');
    await page.reload();
    await page.getByTestId('campus-tab-configuration').click();
    await expect.poll(() => page.getByTestId('config-id_enrollment_sis').innerText()).toBe('SchoolMint');
    await screenshot(page, 'org-04-campus-configuration');
    await page.context().close();
  });

  it('edits the campus details and photo: previewed before saving, shown after a reload', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'superadmin@demo.openseat.org');
    await page.waitForURL('**/main/schools');
    await visit(page, campusPath);
    await expect.poll(() => page.getByTestId('campus-photo').locator('img').count()).toBe(0);

    await page.getByTestId('campus-edit').click();
    await page
      .getByTestId('campus-photo-input')
      .setInputFiles({ name: 'east.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => imageLoaded(page, 'campus-photo-preview')).toBe(true);
    await page.getByTestId('campus-address').fill('1200 E Desert Bloom Rd, Tucson, AZ');
    await page.getByTestId('campus-telephone').fill('520-555-0199');
    await page.getByTestId('campus-save').click();
    await expect
      .poll(() => page.getByText("The phone number can't have dash, spaces nor parentheses.").isVisible())
      .toBe(true);
    await page.getByTestId('campus-telephone').fill('+15205550199');
    await page.getByTestId('campus-email').fill('east@desertbloom.org');
    await page.getByTestId('campus-website').fill('https://desertbloom.org/east');
    await page.getByTestId('campus-description').fill('Our first campus, on the east side.');
    await screenshot(page, 'org-04b-campus-edit-preview');
    await page.getByTestId('campus-save').click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByTestId('campus-card').innerText()).toContain('east@desertbloom.org');
    await expect.poll(() => imageLoaded(page, 'campus-photo')).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByTestId('campus-card').innerText()).toContain('1200 E Desert Bloom Rd');
    await expect
      .poll(() => page.getByTestId('campus-card').innerText())
      .toContain('Our first campus, on the east side.');
    await expect.poll(() => imageLoaded(page, 'campus-photo')).toBe(true);
    await screenshot(page, 'org-04c-campus-with-photo');
    await page.context().close();
  });

  it(
    'creates a school period, is refused before it is ready, starts it, sets priorities and a tag, and finalizes it',
    { timeout: 150_000 },
    async () => {
      const page = await openPage(browser, baseUrl);
      await signIn(page, 'superadmin@demo.openseat.org');
      await page.waitForURL('**/main/schools');
      await visit(page, '/main/enrollment-settings');
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
      // before any click, the start button says why it cannot start yet
      await expect.poll(() => page.getByTestId('period-start').isDisabled()).toBe(true);
      const readiness = page.getByTestId('period-readiness');
      await expect.poll(() => readiness.innerText()).toContain('The school period needs more than 0 spots.');
      await expect.poll(() => readiness.innerText()).toContain('Set the enrollment start date.');
      await expect.poll(() => readiness.innerText()).toContain('Set the enrollment end date.');
      await expect
        .poll(() => page.getByRole('button', { name: 'Start school period' }).getAttribute('aria-describedby'))
        .toBe('period-readiness');
      await screenshot(page, 'org-05-period-not-ready');

      await page.getByTestId('period-spots').fill('30');
      await page.getByTestId('period-enrollment_start_date').fill('2026-10-01');
      await page.getByTestId('period-enrollment_end_date').fill('2027-03-31');
      await page.getByTestId('period-first_day_of_school').fill('2027-08-09');
      await page.getByTestId('period-acceptance').fill('7');
      await page.getByTestId('period-save').click();
      await expect.poll(() => page.getByTestId('period-readiness').count()).toBe(0);
      await expect.poll(() => page.getByTestId('period-start').isEnabled()).toBe(true);

      await page.getByTestId('seats-K').fill('20');
      await page.getByTestId('seats-1').fill('20');
      await page.getByTestId('seats-save').click();
      await expect
        .poll(() => page.getByTestId('seats-error').innerText())
        .toContain('The total number of spots must not be greater than the available spots.');
      await page.getByTestId('seats-1').fill('10');
      await page.getByTestId('seats-save').click();
      await expect.poll(() => page.getByTestId('seats-error').count()).toBe(0);

      await page.getByTestId('period-start').click();
      await page.getByTestId('confirm-accept').click();
      await expect.poll(() => page.getByTestId('period-state').innerText()).toBe('started');
      await screenshot(page, 'org-06-period-started');
      const periodUrl = page.url();

      // a second period of the same campus, ready, is refused while the first is started
      await visit(page, '/main/enrollment-settings');
      await page.getByTestId('period-create').click();
      await page.getByTestId('period-id_campus').click();
      await page.getByRole('option', { name: /Desert Bloom East/ }).click();
      await page.getByTestId('period-id_school_year').click();
      await page.getByRole('option', { name: '2028-2029' }).click();
      await page.getByTestId('period-spots').fill('25');
      await page.getByTestId('period-enrollment_start_date').fill('2027-10-01');
      await page.getByTestId('period-enrollment_end_date').fill('2028-03-31');
      await page.getByTestId('period-save').click();
      await page.waitForURL(/\/main\/enrollment-settings\/\d+$/);
      const nextPeriodUrl = page.url();
      await page.getByTestId('period-start').click();
      await page.getByTestId('confirm-accept').click();
      await expect
        .poll(() => page.getByTestId('period-refusal').innerText())
        .toContain('Another school period of this campus is started. Finalize it first.');

      await visit(page, '/main/priorities-configuration');
      await page.getByTestId('priorities-campus').click();
      await page.getByRole('option', { name: /Desert Bloom East/ }).click();
      for (const [name, level] of [
        ['sibling', '1'],
        ['staff child', '2'],
        ['in-district', '3'],
        ['general', '4'],
      ])
        await page.getByTestId(`priority-${name}`).fill(level);
      await page.getByTestId('priorities-save').click();
      await expect.poll(() => page.getByText('Saved.').first().isVisible()).toBe(true);
      await screenshot(page, 'org-07-priorities');

      await visit(page, '/main/application-tags');
      await page.getByTestId('tag-create').click();
      await page.getByTestId('tag-name').fill('Needs translation');
      await page.getByTestId('tag-campus').click();
      await page.getByRole('option', { name: /Desert Bloom East/ }).click();
      await page.getByTestId('tag-save').click();
      await expect.poll(() => page.getByTestId('tags-table').innerText()).toContain('Needs translation');
      await page.getByTestId('tag-create').click();
      await page.getByTestId('tag-name').fill('Duplicate by mistake');
      await page.getByTestId('tag-campus').click();
      await page.getByRole('option', { name: /Desert Bloom East/ }).click();
      await page.getByTestId('tag-save').click();
      await page.getByRole('button', { name: 'Delete the tag Duplicate by mistake' }).click();
      await expect
        .poll(() => page.getByTestId('confirm-dialog').innerText())
        .toContain('Delete the tag Duplicate by mistake? It is removed from every application.');
      await screenshot(page, 'org-08-tag-delete-confirmation');
      await page.getByTestId('confirm-accept').click();
      await expect.poll(() => page.getByTestId('tags-table').innerText()).not.toContain('Duplicate by mistake');
      await expect.poll(() => page.getByTestId('tags-table').innerText()).toContain('Needs translation');
      await screenshot(page, 'org-08-tags');

      await visit(page, periodUrl);
      await page.getByTestId('period-finalize').click();
      await page.getByTestId('confirm-accept').click();
      await expect.poll(() => page.getByTestId('period-state').innerText()).toBe('finalized');

      // the cause of the refusal is gone: the second period shows no stale refusal and starts
      await visit(page, nextPeriodUrl);
      await expect.poll(() => page.getByTestId('period-state').innerText()).toBe('not started');
      await expect.poll(() => page.getByTestId('period-refusal').count()).toBe(0);
      await page.getByTestId('period-start').click();
      await page.getByTestId('confirm-accept').click();
      await expect.poll(() => page.getByTestId('period-state').innerText()).toBe('started');
      await expect.poll(() => page.getByTestId('period-refusal').count()).toBe(0);
      await visit(page, '/main/enrollment-settings');
      await page.getByTestId('periods-historical').click();
      await expect.poll(() => page.getByTestId('periods-table').innerText()).toContain('Desert Bloom East');
      await screenshot(page, 'org-09-historical');
      await page.context().close();
    },
  );

  it('deactivates a school only through a confirmation that names the consequence', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'superadmin@demo.openseat.org');
    await page.waitForURL('**/main/schools');
    const active = page.getByRole('switch', { name: 'Desert Bloom Charter active' });
    await active.click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect
      .poll(() => dialog.innerText())
      .toContain('Desert Bloom Charter stops taking applications, and its staff see the inactive-school notice');
    await screenshot(page, 'org-10-school-deactivation');
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => active.isChecked()).toBe(true);

    await active.click();
    await page.getByTestId('confirm-accept').click();
    await expect.poll(() => page.getByTestId('schools-table').innerText()).not.toContain('Desert Bloom Charter');
    await page.getByTestId('schools-tab-inactive').click();
    await expect.poll(() => page.getByTestId('schools-table').innerText()).toContain('Desert Bloom Charter');
    await visit(page, schoolPath);
    await expect.poll(() => page.getByText('This school is inactive.').first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows "not found" for an unknown or out-of-scope id, never an empty form', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'superadmin@demo.openseat.org');
    await page.waitForURL('**/main/schools');
    for (const path of [
      '/main/schools/999999',
      '/main/schools/school/999999',
      '/main/schools/school/abc',
      '/main/schools/school/99999999999',
      `${schoolPath}/campus/999999`,
      '/main/enrollment-settings/999999',
    ]) {
      await visit(page, path);
      await expect.poll(() => page.getByTestId('not-found').isVisible(), { message: path }).toBe(true);
      expect(await page.getByRole('textbox').count(), path).toBe(0);
    }
    await screenshot(page, 'org-11-not-found');
    await page.context().close();

    // another school's school and campus are out of a school admin's scope: the same page
    const school = await openPage(browser, baseUrl);
    await signIn(school, 'school@demo.openseat.org');
    await school.waitForURL('**/main/dashboard');
    for (const path of [schoolPath, campusPath]) {
      await visit(school, path);
      await expect.poll(() => school.getByTestId('not-found').isVisible(), { message: path }).toBe(true);
      expect(await school.getByRole('textbox').count(), path).toBe(0);
    }
    await school.context().close();
  });
});
