import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, serverUrl, visit } from './browser';
import { noticesGone, seriousA11yViolations } from './checks';
import { randomnessOf, signedRound, testChainHash } from './drand-test-chain';
import { chooseLanguage, signInAs } from './screens';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The second campus of the first school: its lottery is off in the demo data, and no other test draws there. */
const CAMPUS = 'Northstar Mesa Vista';

/** The dice rolled at the meeting: 20 digits, as staff type them. */
const DICE = '7 2 9 0 4 4 1 8 3 6 5 0 2 7 1 9 8 3 6 4';
/** Two days ago (YYYY-MM-DD): the day applications closed, over on the campus clock too, so inputs can be frozen. */
const closedOn = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

/** At 390 px the screen scrolls only vertically (wide tables scroll inside their own box). */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Turns the lottery on for a campus (its configuration tab), then opens the campus's started school period. */
async function openLotteryPeriod(page: Page, id_school: number, campus: string) {
  await visit(page, `/main/schools/school/${id_school}`);
  await page.getByTestId('campuses-table').getByRole('link', { name: campus }).click();
  await page.waitForURL(/\/campus\/\d+$/);
  await page.getByTestId('campus-tab-configuration').click();
  const lotterySwitch = page.getByRole('switch', { name: 'Lottery enabled' });
  await lotterySwitch.waitFor();
  if (!(await lotterySwitch.isChecked())) await lotterySwitch.click();
  await page.getByTestId('config-save').click();
  await expect.poll(() => lotterySwitch.isChecked()).toBe(true);
  await visit(page, '/main/enrollment-settings');
  await page
    .getByTestId('periods-table')
    .locator('tbody tr')
    .filter({ hasText: campus })
    .filter({ has: page.getByText('started', { exact: true }) })
    .first()
    .click();
  await page.getByTestId('lottery-panel').waitFor();
}

/**
 * A real draw on drand after a re-run: frozen again (staff choose quicknet at a time a day ahead; on its way the
 * request is turned to this server's test chain, a few seconds ahead, whose rounds this test signs), the round's
 * countdown, then in presentation mode the round pasted as a relay shows it, and the draw, whose seed is the
 * documented SHA-256 of the inputs' fingerprint and the round's randomness. The inputs are those frozen before.
 */
async function drawOnDrand(page: Page, inputsHash: string) {
  await page.route('**/api/lottery/freeze', (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    const drawAt = new Date(Date.now() + 8_000).toISOString();
    return route.continue({ postData: JSON.stringify({ ...body, chain: 'test', drawAt }) });
  });
  await page.getByTestId('lottery-freeze').click();
  await page.getByTestId('lottery-freeze-dialog').waitFor();
  await page.getByRole('radio', { name: /drand/i }).check();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Announced draw time').fill(`${tomorrow}T10:00`);
  await page.getByTestId('lottery-freeze-dialog').getByRole('button', { name: 'Freeze inputs' }).click();
  const frozen = page.waitForResponse('**/api/lottery/freeze');
  await page.getByTestId('confirm-accept').click();
  const { data } = (await (await frozen).json()) as { data: { beaconRound: number; inputsHash: string } };
  await page.unroute('**/api/lottery/freeze');
  expect(data.inputsHash).toBe(inputsHash);
  await expect.poll(() => page.getByTestId('lottery-frozen-facts').innerText()).toContain(String(data.beaconRound));
  await expect.poll(() => page.getByTestId('lottery-frozen').innerText(), { timeout: 20_000 }).toMatch(/is published/);

  await page.getByTestId('lottery-present').click();
  await page.waitForURL(/\/lottery\/present$/);
  await expect.poll(() => page.getByTestId('present-round').innerText()).toContain(String(data.beaconRound));
  await page.locator('[data-testid="present-paste"]:not([disabled])').click();
  await page.getByTestId('lottery-paste-dialog').waitFor();
  const round = signedRound(data.beaconRound);
  await page.getByTestId('lottery-paste-json').fill(JSON.stringify(round));
  await screenshot(page, 'lottery-09b-paste-round');
  // the pasted round goes straight to the draw's confirmation
  await page.getByTestId('lottery-paste-dialog').getByRole('button', { name: 'Use this round' }).click();
  await page.getByTestId('confirm-accept').click();
  await page.getByTestId('present-grade').waitFor({ timeout: 30_000 });
  while ((await page.getByTestId('present-end').count()) === 0) {
    await page.keyboard.press('ArrowRight');
    if ((await page.getByTestId('present-end').count()) === 0 && (await page.getByTestId('present-next').isEnabled()))
      await page.getByTestId('present-next').click();
  }
  const source = `drand,${testChainHash()},${round.round},${randomnessOf(round.signature)}`;
  const expected = createHash('sha256').update(`openseat-lottery-v2\n${inputsHash}\n${source}\n`).digest('hex');
  expect((await page.getByTestId('present-seed').innerText()).trim()).toBe(expected);
  await screenshot(page, 'lottery-09c-drand-drawn');
}

describe('the lottery, as a school admin holds it', () => {
  it('enables it, practises, freezes, takes the dice from two users, draws, re-runs on a pasted drand round, verifies, publishes, works the waiting list', async () => {
    const page = await openPage(browser, baseUrl);
    const me = await signInAs(page, 'school');

    // 1. the campus configuration: lottery enabled; 2. the started period of that campus
    await openLotteryPeriod(page, me.id_school!, CAMPUS);
    await expect.poll(() => page.getByTestId('lottery-state').innerText()).toContain('not been drawn');
    await screenshot(page, 'lottery-01-period');

    // 3. practice: a result with its seed, nothing written but a line of the public log
    await page.getByTestId('lottery-practice').click();
    await page.getByTestId('lottery-practice-dialog').waitFor();
    await expect.poll(() => page.getByTestId('lottery-practice-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
    const practiceCsv = page.waitForEvent('download');
    await page.getByTestId('lottery-practice-csv').click();
    expect((await practiceCsv).suggestedFilename()).toMatch(/\.csv$/);
    await screenshot(page, 'lottery-02-practice');
    await page.getByTestId('lottery-practice-close').click();
    await expect.poll(() => page.getByTestId('lottery-state').innerText()).toContain('not been drawn');

    // 4. applications closed (two days ago), then the freeze on public dice, confirmed: the inputs' fingerprint
    const periodUrl = page.url();
    // other files on this server apply to this period: its end date comes back once the draw is done
    const endDate = await page.getByTestId('period-enrollment_end_date').inputValue();
    await page.getByTestId('period-enrollment_end_date').fill(closedOn());
    await page.getByTestId('period-save').click();
    await expect.poll(() => page.getByTestId('period-enrollment_end_date').inputValue()).toBe(closedOn());
    await page.getByTestId('lottery-freeze').click();
    await page.getByTestId('lottery-freeze-dialog').waitFor();
    await page.getByRole('radio', { name: /dice/i }).check();
    await screenshot(page, 'lottery-03-freeze');
    await page.getByTestId('lottery-freeze-dialog').getByRole('button', { name: 'Freeze inputs' }).click();
    await page.getByTestId('confirm-accept').click();
    await page.getByTestId('lottery-frozen').waitFor();
    await expect
      .poll(() => page.getByTestId('lottery-frozen-facts').innerText())
      .toMatch(/([0-9a-f]{4} ){7}[0-9a-f]{4}/);
    await expect.poll(() => page.getByTestId('lottery-log').innerText()).toMatch(/Inputs frozen/);
    // the printable notice of the freeze: the whole fingerprint, the source, the public page; in Spanish at 390 px
    await page.getByTestId('lottery-notice-link').click();
    await page.waitForURL(/\/notice$/);
    await expect.poll(() => page.getByTestId('notice-fingerprint').innerText()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('notice-public-url').innerText()).toMatch(/\/public\/lottery\//);
    await noticesGone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await chooseLanguage(page, 'es');
    await expect.poll(() => page.getByTestId('lottery-freeze-notice').innerText()).toMatch(/veinte dados/);
    await fitsPhone(page, 'lottery-03c-notice-es-phone');
    await chooseLanguage(page, 'en');
    await page.goBack();
    await page.getByTestId('lottery-frozen').waitFor();

    // 5. the dice rolled at the meeting, entered by two staff users: the second one signs in elsewhere
    await page.getByTestId('lottery-dice-digits').fill(DICE);
    await page.getByTestId('lottery-dice-submit').click();
    await expect.poll(() => page.getByTestId('lottery-dice-answer').innerText()).toMatch(/First entry recorded/);
    const second = await openPage(browser, baseUrl);
    await signInAs(second, 'superadmin');
    await visit(second, new URL(periodUrl).pathname);
    await second.getByTestId('lottery-dice-digits').fill(DICE);
    await second.getByTestId('lottery-dice-submit').click();
    // the entries agree: the form gives way to the draw
    await expect.poll(() => second.getByTestId('lottery-frozen-facts').innerText()).toMatch(/2 of 2: they agree/);
    await screenshot(second, 'lottery-03b-dice-confirmed');
    await second.context().close();
    await page.reload();
    await page.locator('[data-testid="lottery-draw"]:not([disabled])').waitFor();
    await fitsPhone(page, 'lottery-03a-frozen-phone');

    // 6. presentation mode: the fingerprint, the dice, then the draw grade by grade, and the seed made of both
    await page.locator('[data-testid="lottery-present"]:not([aria-disabled="true"])').waitFor();
    await page.getByTestId('lottery-present').click();
    await page.waitForURL(/\/lottery\/present$/);
    await expect
      .poll(async () => (await page.getByTestId('present-fingerprint').innerText()).replace(/\s/g, ''))
      .toMatch(/^[0-9a-f]{64}$/);
    const inputsHash = (await page.getByTestId('present-fingerprint').innerText()).replace(/\s/g, '');
    await expect.poll(() => page.getByTestId('present-dice').innerText()).toMatch(/2/);
    await screenshot(page, 'lottery-07-presentation-frozen');
    await page.locator('[data-testid="present-draw"]:not([disabled])').click();
    // one click does not draw: the confirmation names the families, who hear nothing until the release
    await page.getByTestId('confirm-dialog').waitFor();
    expect(await page.getByTestId('confirm-dialog').innerText()).toMatch(/\(\d+ families\).*No family is told yet/s);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lottery-07b-presentation-confirm');
    await page.getByTestId('confirm-accept').click();
    await page.getByTestId('present-grade').waitFor({ timeout: 30_000 });
    await screenshot(page, 'lottery-08-presentation-grade');
    // the arrow key and the button both move to the next grade
    while ((await page.getByTestId('present-end').count()) === 0) {
      await page.keyboard.press('ArrowRight');
      if ((await page.getByTestId('present-end').count()) === 0 && (await page.getByTestId('present-next').isEnabled()))
        await page.getByTestId('present-next').click();
    }
    const seed = (await page.getByTestId('present-seed').innerText()).trim();
    const expectedSeed = await page.evaluate(
      async (text) => {
        const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
        return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
      },
      `openseat-lottery-v2\n${inputsHash}\ndice,${DICE.replace(/ /g, '')}\n`,
    );
    expect(seed).toBe(expectedSeed);
    await screenshot(page, 'lottery-09-presentation-end');
    await fitsPhone(page, 'lottery-09-presentation-end-phone');
    await visit(page, new URL(periodUrl).pathname);
    await page.getByTestId('lottery-panel').waitFor();

    // 6b. no family was told yet: the draw is set aside (a published reason), its moves undone
    await page.getByTestId('lottery-rerun').click();
    await page.getByTestId('lottery-rerun-dialog').waitFor();
    await page.getByTestId('lottery-rerun-reason').fill('The seats of one grade were entered wrong.');
    await screenshot(page, 'lottery-09a-rerun');
    await page.getByTestId('lottery-rerun-submit').click();
    await page.getByTestId('lottery-superseded').waitFor();
    await expect.poll(() => page.getByTestId('lottery-log').innerText()).toMatch(/Re-run requested/);
    await drawOnDrand(page, inputsHash);
    await visit(page, new URL(periodUrl).pathname);
    await page.getByTestId('lottery-panel').waitFor();
    await page.getByTestId('period-enrollment_end_date').fill(endDate);
    await page.getByTestId('period-save').click();
    await expect.poll(() => page.getByTestId('period-enrollment_end_date').inputValue()).toBe(endDate);
    await expect.poll(() => page.getByTestId('lottery-state').innerText()).toContain('Drawn on');
    await expect.poll(() => page.getByTestId('lottery-selected').locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByTestId('lottery-waiting').waitFor();
    await screenshot(page, 'lottery-04-drawn');
    // the summary: counts per grade, the first page of each list, and where the rest is; in Spanish, at 390 px
    await expect.poll(() => page.getByTestId('lottery-grades').locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByTestId('lottery-full-record').waitFor();
    await chooseLanguage(page, 'es');
    await expect.poll(() => page.getByTestId('lottery-first-page-note').innerText()).toMatch(/primeras 10/);
    await fitsPhone(page, 'lottery-04a-summary-es-phone');
    await chooseLanguage(page, 'en');

    // the offers are held: the panel says so, and no offer message exists for a selected family
    const held = page.getByTestId('held-messages');
    await expect.poll(() => held.getByTestId('held-held').innerText()).toMatch(/have not been told yet/);
    const selected = page.getByTestId('lottery-selected').locator('tbody tr');
    const offeredName = (await selected.first().getByRole('link').innerText()).trim();
    const offeredFirst = offeredName.split(' ')[0];
    await selected.first().getByRole('link').click();
    await page.waitForURL(/\/main\/applications\/\d+$/);
    const history = page.getByTestId('communication-history');
    await expect
      .poll(
        async () => (await history.getByTestId('communication-empty').count()) + (await history.locator('li').count()),
      )
      .toBeGreaterThan(0);
    expect(await history.innerText()).not.toMatch(/A seat for|Un cupo para/);
    await page.goBack();
    await held.waitFor();

    // the held panel in Spanish, at 390 px, and with axe; scheduling a results day on the campus clock
    await chooseLanguage(page, 'es');
    await expect.poll(() => held.innerText()).toMatch(/Retenidos: \d+ ofertas/);
    await fitsPhone(page, 'lottery-04c-held-es-phone');
    await chooseLanguage(page, 'en');
    await noticesGone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await held.getByTestId('held-schedule').click();
    const scheduleDialog = page.getByTestId('held-schedule-dialog');
    await scheduleDialog.waitFor();
    await page.getByTestId('held-day').fill('2099-06-01');
    await page.getByTestId('held-time').fill('17:00');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'lottery-04d-schedule');
    await page.getByTestId('held-schedule-save').click();
    await scheduleDialog.waitFor({ state: 'detached' });
    await expect.poll(() => held.getByTestId('held-scheduled').innerText()).toMatch(/June 1, 2099 at 5:00 PM/);

    // release now (confirmed): the offers go out, with the school, the campus, its contact and the deadline
    await held.getByTestId('held-release').click();
    await page.getByTestId('confirm-dialog').waitFor();
    expect(await page.getByTestId('confirm-dialog').innerText()).toMatch(/\d+ families/);
    await page.getByTestId('confirm-accept').click();
    await expect.poll(() => held.getByTestId('held-released').innerText()).toMatch(/families told/);
    await screenshot(page, 'lottery-04e-released');
    const admin = await openPage(browser, baseUrl);
    await signInAs(admin, 'superadmin');
    await visit(admin, '/main/mail');
    const offerMail = admin
      .getByTestId('mail-item')
      .filter({ hasText: new RegExp(`(A seat for|Un cupo para) ${offeredFirst} (at|en) Northstar Academies`) });
    await expect.poll(() => offerMail.count()).toBeGreaterThan(0);
    await offerMail.first().click();
    const body = admin.getByTestId('mail-body');
    await expect.poll(() => body.innerText()).toContain('Northstar Academies');
    const text = await body.innerText();
    expect(text).toContain(CAMPUS);
    expect(text).toContain('+16025550201');
    expect(text).toContain('campus2@school1.demo.openseat.org');
    expect(text).toMatch(/\d{4} (at|a las) \d{1,2}:\d{2}.* (E[SD]T|GMT[+-]\d+)/);
    expect(text).toMatch(/To accept or decline|Para aceptar o rechazar/);
    await screenshot(admin, 'lottery-04f-offer-mail');
    await admin.context().close();

    // the application shows its lottery number and the offer's deadline, which started at the release
    await selected.first().getByRole('link').click();
    await page.waitForURL(/\/main\/applications\/\d+$/);
    await expect.poll(() => page.getByTestId('application-lottery-number').innerText()).toMatch(/Lottery number \d+/);
    await expect
      .poll(() => page.getByTestId('application-offer-deadline').innerText())
      .toMatch(/Offer deadline \d{2}\/\d{2}\/\d{4}/);
    await screenshot(page, 'lottery-04b-application');
    await page.goBack();
    await page.getByTestId('lottery-selected').waitFor();

    // 5. the record as CSV: the seed and hashes in its header
    const recordCsv = page.waitForEvent('download');
    await page.getByTestId('lottery-download').first().click();
    const download = await recordCsv;
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.toLowerCase()).toContain('seed');

    // 6. verification: every check passes
    await page.getByTestId('lottery-verify-link').click();
    await page.waitForURL(/\/lottery\/\d+$/);
    await page.getByTestId('lottery-record').waitFor();
    await page.getByTestId('lottery-verify').click();
    await expect.poll(() => page.getByTestId('lottery-verdict').isVisible()).toBe(true);
    const checks = page.locator('[data-testid^="lottery-check-"]');
    expect(await checks.count()).toBeGreaterThan(0);
    expect(await checks.evaluateAll((els) => els.every((el) => el.getAttribute('data-ok') === 'true'))).toBe(true);
    await screenshot(page, 'lottery-05-verified');
    await fitsPhone(page, 'lottery-05-verified-phone');

    // 7. the certificate
    await page.getByTestId('lottery-certificate-link').click();
    await page.waitForURL(/\/certificate$/);
    await page.getByTestId('lottery-certificate').waitFor();
    expect(await page.getByTestId('lottery-certificate').innerText()).toContain(CAMPUS);
    await fitsPhone(page, 'lottery-06-certificate-phone');
    // in Spanish too
    await chooseLanguage(page, 'es');
    await expect.poll(() => page.getByTestId('lottery-certificate').innerText()).toContain('Certificado de lotería');
    await screenshot(page, 'lottery-06-certificate-es');
    await chooseLanguage(page, 'en');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('certificate-print').isVisible()).toBe(false);
    await screenshot(page, 'lottery-06-certificate-print');
    await page.emulateMedia({ media: 'screen' });

    // 8. the public page of the period (no sign-in): its log and results report, in Spanish, at 390 px
    await visit(page, new URL(periodUrl).pathname);
    const publicHref = await page.getByTestId('lottery-log-public').getAttribute('href');
    expect(publicHref).toMatch(/^\/public\/lottery\/[A-Za-z0-9_-]{20,}$/);
    const visitor = await openPage(browser, baseUrl);
    await visitor.goto(publicHref!);
    await expect.poll(() => visitor.locator('main').innerText()).toMatch(/freeze[\s\S]*draw[\s\S]*re-?run[\s\S]*draw/i);
    await expect.poll(() => visitor.getByRole('table').count()).toBeGreaterThan(1);
    expect(await visitor.locator('main').innerText()).not.toContain(offeredName);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'lottery-12-public');
    await visitor.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).innerText()).toBe('Registro público del sorteo');
    await fitsPhone(visitor, 'lottery-12-public-es-phone');
    await visitor.context().close();

    // 9. the waiting list: reorder one grade by priorities, with a reason
    await visit(page, '/main/applications/waiting-list');
    const rows = page.getByTestId('applications-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const grade = (await rows.first().locator('td').nth(6).innerText()).trim();
    await page.getByTestId('waiting-reorder').click();
    await page.getByTestId('reorder-dialog').waitFor();
    await page.getByTestId('reorder-grade').click();
    await page.getByRole('option', { name: grade, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByTestId('reorder-reason').fill('short');
    await page.getByTestId('reorder-acknowledge').check();
    // a reason under the rule's length keeps the final button off and says why
    await expect.poll(() => page.getByText('The reason must have at least 10 characters.').isVisible()).toBe(true);
    expect(await page.getByTestId('reorder-accept').isDisabled()).toBe(true);
    await page.getByTestId('reorder-reason').fill('Board decision of November: order by the published priorities.');
    await screenshot(page, 'lottery-10-reorder');
    await page.getByTestId('reorder-accept').click();
    await page.getByTestId('reorder-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page
          .getByText(/reordered/i)
          .first()
          .isVisible(),
      )
      .toBe(true);

    // 10. one grade's list: a row moves up one place
    const grades = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[6]?.textContent ?? ''));
    const busiest = [...new Set(grades)].sort(
      (a, b) => grades.filter((g) => g === b).length - grades.filter((g) => g === a).length,
    )[0];
    await page.getByRole('combobox', { name: 'Grade' }).click();
    await page.getByRole('option', { name: busiest, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const up = page.locator('[data-testid^="waiting-up-"]:not([disabled])').first();
    await up.waitFor();
    const correlative = (await up.getAttribute('data-testid'))!.replace('waiting-up-', '');
    const row = page.getByTestId(`application-row-${correlative}`);
    const before = Number((await row.locator('td').nth(7).innerText()).match(/#(\d+)/)![1]);
    expect(await up.getAttribute('aria-label')).toBe('Move up');
    await up.click();
    await expect
      .poll(async () => Number((await row.locator('td').nth(7).innerText()).match(/#(\d+)/)?.[1]))
      .toBe(before - 1);
    await screenshot(page, 'lottery-11-moved-up');
    await page.context().close();
  }, 240_000);
});
