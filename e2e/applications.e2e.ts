import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, serverUrl, signIn, visit } from './browser';
import { chooseLanguage } from './screens';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const table = (page: Page) => page.getByTestId('applications-table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
/** The text of the data rows (the "nothing to show" row has a single cell). */
const rowTexts = (page: Page) => bodyRows(page).allInnerTexts();
/** Whether the table shows rows and each of them says `text` (an empty table, still loading, does not count). */
const everyRowSays = async (page: Page, text: string) => {
  const rows = await rowTexts(page);
  return rows.length > 0 && rows.every((r) => r.includes(text));
};
/** Whether the table shows rows and each of them has a cell that reads exactly `text` (a grade, say). */
const everyRowHasCell = async (page: Page, text: string) => {
  const rows = await bodyRows(page).all();
  if (rows.length === 0) return false;
  for (const row of rows) {
    const cells = await row.locator('td').allInnerTexts();
    if (!cells.some((c) => c.trim() === text)) return false;
  }
  return true;
};
/**
 * Each row's applicant name in full, as its checkbox names it ('Select Sophia Miller'): the cell shows 15
 * characters, and its link's title is gone while its tooltip is open.
 */
const applicantNames = (page: Page) =>
  bodyRows(page)
    .locator('input[type=checkbox]')
    .evaluateAll((boxes) => boxes.map((b) => (b.getAttribute('aria-label') ?? '').replace(/^Select /, '')));

describe('the applications pipeline, as a new staff member works it', () => {
  it('filters and searches the inbox, opens an application, moves it to the waiting list and back', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await visit(page, '/main/applications');
    await expect.poll(async () => (await rowTexts(page)).length).toBeGreaterThan(1);
    await screenshot(page, 'apps-01-inbox');

    // only applied applications
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Applied' }).click();
    await expect.poll(() => everyRowSays(page, 'Applied')).toBe(true);
    // the filter is saved: the next visit of the inbox starts with it
    await visit(page, '/main/applications/waiting-list');
    await visit(page, '/main/applications');
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).innerText()).toBe('Applied');
    await expect.poll(() => everyRowSays(page, 'Applied')).toBe(true);

    // search for the first one by its name (in full: a shown name can be cut, and a surname alone can sit in a cut
    // part of another row's name and e-mail)
    // the table may be fetching again (empty for a moment): read the name once it shows rows
    // the name and the count from one reading: read apart, the count could catch the table empty between fetches
    let first = '';
    let shown = 0;
    await expect
      .poll(async () => {
        const names = await applicantNames(page);
        [first, shown] = [names[0] ?? '', names.length];
        return first;
      })
      .not.toBe('');
    await page.getByTestId('applications-search').fill(first);
    // the search also reads guardians' names and e-mails, which the rows do not show: another family's guardian may
    // carry the same name, so the rows need not all show it; the one looked for is there, among fewer rows
    await expect
      .poll(async () => {
        const names = await applicantNames(page);
        return names.length <= shown && names.some((name) => name.toLowerCase().includes(first.toLowerCase()));
      })
      .toBe(true);

    // open it once the search has answered: the detail shows where it stands and its history
    await expect.poll(() => table(page).getAttribute('aria-busy')).toBe('false');
    await bodyRows(page).first().getByRole('link').click();
    await page.waitForURL(/\/main\/applications\/\d+$/);
    await expect.poll(() => page.getByTestId('application-status').innerText()).toBe('Applied');
    await expect.poll(() => page.getByTestId('status-history').innerText()).toContain('Applied');
    await screenshot(page, 'apps-02-detail');

    // student info: bad input gets the spec's message, a good change is saved
    await page.getByTestId('application-edit').click();
    await page.getByTestId('info-guardian.email').fill('not-an-email');
    await page.getByTestId('info-save').click();
    await expect.poll(() => page.getByText('Enter a valid email.').isVisible()).toBe(true);
    await page.getByTestId('info-guardian.email').fill('guardian.e2e@example.org');
    await page.getByTestId('info-applicant.address').fill('1200 Camelback Rd, Phoenix');
    await page.getByTestId('info-save').click();
    await expect.poll(() => page.getByText('1200 Camelback Rd, Phoenix').isVisible()).toBe(true);

    // a note, with its author
    await page.getByTestId('note-add').click();
    await expect.poll(() => page.getByText('Required field.').isVisible()).toBe(true);
    await page.getByTestId('note-text').fill('Called the family: they will bring the birth certificate.');
    await page.getByTestId('note-add').click();
    await expect.poll(() => page.getByTestId('notes-list').innerText()).toContain('birth certificate');
    await expect.poll(() => page.getByTestId('notes-list').innerText()).toContain('Sharon School');

    // a file: the progress shows while it goes up, then it is listed; deleting asks first
    await page.evaluate(() => {
      const seen = { progress: false };
      (window as unknown as { uploadSeen: typeof seen }).uploadSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="upload-progress"]')) seen.progress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 32), Buffer.from('\n%%EOF\n')]);
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'birth-certificate.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect.poll(() => page.getByTestId('files-list').innerText()).toContain('birth-certificate.pdf');
    expect(
      await page.evaluate(() => (window as unknown as { uploadSeen: { progress: boolean } }).uploadSeen.progress),
    ).toBe(true);
    await page.locator('[data-testid^="file-delete-"]').first().click();
    await page.getByTestId('confirm-accept').click();
    await expect.poll(() => page.getByTestId('files-list').innerText()).not.toContain('birth-certificate.pdf');

    // to the waiting list: it gets a place at the end of its grade's list
    await page.getByTestId('application-move').click();
    await page.getByTestId('move-to-6').click();
    await page.getByTestId('move-submit').click();
    await expect.poll(() => page.getByTestId('application-status').innerText()).toBe('Waiting list');
    await expect.poll(() => page.getByText(/^Position \d+$/).isVisible()).toBe(true);
    const detailUrl = new URL(page.url()).pathname;

    // it is on the waiting list screen
    await visit(page, '/main/applications/waiting-list');
    await page.getByTestId('applications-search').fill(first);
    await expect.poll(async () => (await rowTexts(page)).some((r) => r.includes('Waiting list #'))).toBe(true);

    // and back to applied with "previous status"
    await visit(page, detailUrl);
    await page.getByTestId('application-previous').click();
    await expect.poll(() => page.getByTestId('application-status').innerText()).toBe('Applied');

    // offered: it takes a seat of its grade and is found on the selected list
    await page.getByTestId('application-move').click();
    await page.getByTestId('move-to-5').click();
    await page.getByTestId('move-submit').click();
    await expect.poll(() => page.getByTestId('application-status').innerText()).toBe('Offered');
    await visit(page, '/main/applications/selected-list');
    await page.getByTestId('applications-search').fill(first);
    await expect.poll(async () => (await rowTexts(page)).some((r) => r.includes('Offered'))).toBe(true);
    await screenshot(page, 'apps-07-offered-selected-list');
    await page.context().close();
  });

  it('moves a selection in one go and says how many moved; the list reads in Spanish', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await visit(page, '/main/applications');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Contacted' }).click();
    await expect.poll(() => everyRowSays(page, 'Contacted')).toBe(true);
    const before = await rowTexts(page);
    expect(before.length).toBeGreaterThan(2);

    await bodyRows(page).nth(0).getByRole('checkbox').check();
    await bodyRows(page).nth(1).getByRole('checkbox').check();
    await expect.poll(() => page.getByTestId('bulk-bar').innerText()).toContain('2 selected');
    await page.getByTestId('bulk-target').click();
    await page.getByRole('option', { name: 'Applied' }).click();
    await page.getByTestId('bulk-move').click();
    await expect.poll(() => page.getByText('2 applications moved.').isVisible()).toBe(true);
    // they left the "contacted" filter
    await expect.poll(async () => (await rowTexts(page)).includes(before[0])).toBe(false);
    await screenshot(page, 'apps-03-bulk-moved');

    // tag a selection, then find it through the tag filter
    const rowIds = () => bodyRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    const tagged = (await rowIds()).slice(0, 2);
    await bodyRows(page).nth(0).getByRole('checkbox').check();
    await bodyRows(page).nth(1).getByRole('checkbox').check();
    await page.getByTestId('bulk-tag-choice').click();
    await page.getByRole('option', { name: 'Bus rider' }).click();
    await page.getByTestId('bulk-tag').click();
    await expect.poll(() => page.getByText('2 applications have the tag.').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Bus rider' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(async () => tagged.every((id) => id !== null)).toBe(true);
    await expect
      .poll(async () => {
        const shown = await rowIds();
        return tagged.every((id) => shown.includes(id));
      })
      .toBe(true);

    // the list as the spec's application CSV: a BOM, the spec's columns, one row per application
    await page.getByTestId('applications-export').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-application').click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, firstRow] = csv.slice(1).split(/\r?\n/);
    expect(header.split(',').slice(0, 4)).toEqual(['creation_date', 'id_application', 'correlative', 'id_school']);
    expect(firstRow.split(',').length).toBeGreaterThan(10);

    // reset: the list is back to its defaults, and so is the next visit
    await page.getByTestId('filters-reset').click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).innerText()).toBe('All statuses');

    // a hidden column stays hidden on the next visit
    await page.getByTestId('columns-menu').click();
    await page.getByTestId('column-phone').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => table(page).locator('thead').innerText()).not.toContain('Phone');
    await visit(page, '/main/applications/waiting-list');
    await page.getByTestId('waiting-reorder').waitFor();
    await visit(page, '/main/applications');
    // the waiting list stays on screen until the inbox is ready: its menu would close under the test's click
    await page.getByTestId('waiting-reorder').waitFor({ state: 'detached' });
    await expect.poll(() => table(page).locator('thead').innerText()).not.toContain('Phone');
    await page.getByTestId('columns-menu').click();
    await page.getByTestId('column-phone').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => table(page).locator('thead').innerText()).toContain('Phone');

    // copy one application to the next school year: confirmed as irreversible, progress shown, done
    await bodyRows(page).nth(0).getByRole('checkbox').check();
    await page.getByTestId('bulk-copy-year').click();
    await page.getByTestId('school-year-target').click();
    await page.getByRole('option').first().click();
    await expect.poll(() => page.getByTestId('school-year-submit').isEnabled()).toBe(false);
    await page.getByTestId('school-year-understood').click();
    await page.getByTestId('school-year-submit').click();
    await expect
      .poll(() => page.getByTestId('copy-progress').innerText(), { timeout: 30_000 })
      .toContain('Done: one application copied.');
    await screenshot(page, 'apps-05-copied');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Spanish, from the language menu of the top bar (the choice is saved: set English back after)
    await chooseLanguage(page, 'es');
    try {
      await expect.poll(() => table(page).locator('thead').innerText()).toContain('Solicitante');
      await expect.poll(() => page.locator('.MuiTablePagination-root').innerText()).toContain('Filas por página');
      await screenshot(page, 'apps-04-spanish');
    } finally {
      await chooseLanguage(page, 'en');
      await page.context().close();
    }
  });
  it("declining an offer with auto-move on offers the seat to the head of that grade's waiting list", async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');

    // the started school period offers a declined seat to the waiting list
    await visit(page, '/main/enrollment-settings');
    await page
      .getByTestId('periods-table')
      .locator('tbody tr', { hasText: 'started', hasNotText: 'not started' })
      .first()
      .click();
    const autoMove = page.getByLabel('When a seat is declined, offer it to the waiting list');
    if (!(await autoMove.isChecked())) {
      await autoMove.check();
      await page.getByTestId('period-save').click();
      await expect.poll(() => page.getByText('Saved').first().isVisible()).toBe(true);
    }

    // an offer of some grade, and the head of that grade's waiting list
    await visit(page, '/main/applications/selected-list');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Offered' }).click();
    await expect.poll(() => everyRowSays(page, 'Offered')).toBe(true);
    const offeredGrade = (await bodyRows(page).first().locator('td').nth(6).innerText()).trim();
    await bodyRows(page).first().getByRole('link').click();
    await page.waitForURL(/\/main\/applications\/selected-list\/\d+$/);
    const detailUrl = new URL(page.url()).pathname;
    await visit(page, '/main/applications/waiting-list');
    await page.getByRole('combobox', { name: 'Grade' }).click();
    await page.getByRole('option', { name: offeredGrade, exact: true }).click();
    await expect.poll(() => everyRowSays(page, 'Waiting list #')).toBe(true);
    // the rows of the grade, not the unfiltered rows still shown while the filtered ones load
    await expect.poll(() => everyRowHasCell(page, offeredGrade)).toBe(true);
    await expect.poll(async () => (await rowTexts(page))[0]).toContain('Waiting list #1');
    const head = await bodyRows(page).first().getAttribute('data-testid');
    const headCorrelative = head!.replace('application-row-', '');

    // decline the offer
    await visit(page, detailUrl);
    await page.getByTestId('application-move').click();
    await page.getByTestId('move-to-8').click();
    await page.getByTestId('move-submit').click();
    await expect.poll(() => page.getByTestId('application-status').innerText()).toBe('Declined');

    // the head of the waiting list now holds the seat
    await visit(page, '/main/applications/selected-list');
    // "#n" matches the correlative only (a bare number also finds phones that contain it, maybe past the first page)
    await page.getByTestId('applications-search').fill(`#${headCorrelative}`);
    await expect
      .poll(async () => (await rowTexts(page)).some((r) => r.includes(headCorrelative) && r.includes('Offered')))
      .toBe(true);
    await screenshot(page, 'apps-06-auto-offered');
    await page.context().close();
  });
});
