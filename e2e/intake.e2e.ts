import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl, signIn } from './browser';
import { englishLeftovers, horizontalOverflow, newTrackedPage, seriousA11yViolations } from './checks';
import { chooseLanguage, go, settle } from './screens';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A unique child each run: the demo database lives across runs. */
const stamp = Date.now().toString(36);
/** The stamp in letters only: a name takes no digits. */
const nameStamp = stamp.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

async function fillLead(page: Page, child: { first: string; last: string; dob: string }, guardianEmail: string) {
  await page.getByTestId('new-applicant.firstName').fill(child.first);
  await page.getByTestId('new-applicant.lastName').fill(child.last);
  await page.getByTestId('new-applicant.dateOfBirth').fill(child.dob);
  await page.getByTestId('new-guardian.name').fill(`Guardian ${child.last}`);
  await page.getByTestId('new-guardian.email').fill(guardianEmail);
}

async function chooseOption(page: Page, testId: string, index = 0) {
  await page.getByTestId(testId).click();
  await page.getByRole('option').nth(index).click();
}

describe('staff intake: a new application from the list', () => {
  it('creates a walk-in from the inbox, then warns about the same child before saving a second one', async () => {
    const page = await newTrackedPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await go(page, '/main/applications');
    await page.getByTestId('new-application').click();
    const child = { first: 'Walkin', last: `Family${nameStamp}`, dob: '2019-04-05' };
    await fillLead(page, child, `walkin.${stamp}@example.org`);
    // a grade of the period, and how they heard
    await chooseOption(page, 'new-id_grade', 1);
    await chooseOption(page, 'new-heard_from', 4);
    await page.getByTestId('new-save').click();
    await page.waitForURL(/\/main\/applications\/\d+$/);
    await expect.poll(() => page.getByText(`${child.first} ${child.last}`).first().isVisible()).toBe(true);
    const firstUrl = page.url();

    // the same child again (another guardian address): listed as a possible duplicate, nothing saved yet
    await go(page, '/main/applications');
    await page.getByTestId('new-application').click();
    await fillLead(page, child, `other.${stamp}@example.org`);
    await page.getByTestId('new-save').click();
    const warning = page.getByTestId('new-duplicates');
    await expect.poll(() => warning.innerText()).toContain(`${child.first} ${child.last}`);
    await expect.poll(() => warning.innerText()).toContain('same child');
    // the first save's notice has gone (its colours are checked with the app's theme elsewhere)
    await page.locator('#notistack-snackbar').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'intake-01-duplicate');
    expect(page.url()).toMatch(/\/main\/applications$/);
    // staff go on: a second application, another id
    await page.getByTestId('new-create-anyway').click();
    await page.waitForURL((url) => /\/main\/applications\/\d+$/.test(url.pathname) && url.href !== firstUrl);
  });

  it('works in Spanish at 390 px for a campus admin: no English left, no sideways scroll, axe clean', async () => {
    const page = await newTrackedPage(browser, baseUrl, { width: 390, height: 844 }, true);
    await signIn(page, 'campus@demo.openseat.org');
    await page.waitForURL('**/main/**');
    await chooseLanguage(page, 'es');
    await go(page, '/main/applications');
    await page.getByTestId('new-application').click();
    await settle(page);
    expect(await englishLeftovers(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // the header names the campus the campus admin works in
    expect((await page.getByTestId('app-campus').innerText()).trim()).not.toBe('');
    // a campus admin picks among its own campus only
    await page.getByTestId('new-id_campus').click();
    expect(await page.getByRole('option').count()).toBe(1);
    await page.keyboard.press('Escape');
    // a required field left empty says so in Spanish
    await page.getByTestId('new-save').click();
    await expect.poll(() => page.getByText('Campo requerido').first().isVisible()).toBe(true);
    await screenshot(page, 'intake-02-es-390');
  });

  it('a double click on ADD NOTE adds one note', async () => {
    const page = await newTrackedPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await go(page, '/main/applications');
    await page.getByTestId('applications-table').locator('tbody tr').first().getByRole('link').click();
    await page.waitForURL(/\/main\/applications\/\d+$/);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/application/notes')) posts.push(r.url());
    });
    const text = `Double click ${stamp}`;
    await page.getByTestId('note-text').fill(text);
    await page.getByTestId('note-add').dblclick();
    await expect.poll(() => page.getByTestId('notes-list').innerText()).toContain(text);
    await settle(page);
    expect(posts).toHaveLength(1);
    const shown = await page.getByTestId('notes-list').innerText();
    expect(shown.split(text).length - 1).toBe(1);

    // a long unbroken string wraps instead of widening the page
    const unbroken = `x${'y'.repeat(400)}${stamp}`;
    await page.getByTestId('note-text').fill(unbroken);
    await page.getByTestId('note-add').click();
    await expect.poll(() => page.getByTestId('notes-list').innerText()).toContain(stamp);
    await settle(page);
    expect(await horizontalOverflow(page)).toBe(0);
    // the file picker offers what the server takes
    expect(await page.getByTestId('file-input').getAttribute('accept')).toContain('application/pdf');
  });

  it("keeps the waiting list's final reorder off until the reason is long enough", async () => {
    const page = await newTrackedPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await go(page, '/main/applications/waiting-list');
    await page.getByTestId('waiting-reorder').click();
    await page.getByTestId('reorder-reason').fill('short');
    await page.getByTestId('reorder-acknowledge').check();
    expect(await page.getByTestId('reorder-accept').isDisabled()).toBe(true);
  });
});
