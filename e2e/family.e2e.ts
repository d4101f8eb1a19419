import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, serverUrl, signIn, visit } from './browser';
import { checkScreen, mailedLink } from './family-pages';
import { signInAs } from './screens';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * The campus admin of Northstar Sunnyslope, the one campus no other file works in: the staff side of this walk is
 * hers, and her lists open on her campus (a school admin's open on the first campus, which other files move).
 */
const STAFF = 'lucia.fernandez@demo.openseat.org';
/** The grade whose waiting list and offers the family walks through. */
const GRADE = 'K';
/** The guardian of this walk: staff write this e-mail on four applications of the grade. */
const GUARDIAN = 'family.portal.e2e@example.org';

type Picked = { id: number; name: string; place: number | null };

const staffRows = (page: Page) => page.getByTestId('applications-table').locator('tbody tr');

/** The rows of a staff list for one grade: each application's id, applicant's name and waiting place. */
async function gradeRows(page: Page, path: string): Promise<Array<Picked & { status: string }>> {
  await visit(page, path);
  await page.getByRole('combobox', { name: 'Grade' }).click();
  await page.getByRole('option', { name: GRADE, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await expect.poll(() => page.getByTestId('applications-table').getAttribute('aria-busy')).toBe('false');
  await expect.poll(() => staffRows(page).count()).toBeGreaterThan(1);
  return staffRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      const href = row.querySelector('a')?.getAttribute('href') ?? '';
      const box = row.querySelector('input[type=checkbox]');
      const status = row.querySelectorAll('td')[7]?.textContent ?? '';
      const place = /#(\d+)/.exec(status);
      return {
        id: Number(href.split('/').pop()),
        name: (box?.getAttribute('aria-label') ?? '').replace(/^Select /, ''),
        status,
        place: place ? Number(place[1]) : null,
      };
    }),
  );
}

/** Staff write the guardian's e-mail on an application, with English as the language of the family's messages. */
async function giveToGuardian(page: Page, id: number) {
  await visit(page, `/main/applications/${id}`);
  await page.getByTestId('application-edit').click();
  const dialog = page.getByRole('dialog');
  await page.getByTestId('info-guardian.email').fill(GUARDIAN);
  await dialog.getByRole('combobox', { name: 'Language for messages' }).click();
  await page.getByRole('option', { name: 'English', exact: true }).click();
  await page.getByTestId('info-save').click();
  await dialog.waitFor({ state: 'detached' });
}

/** The period of the campus moves its waiting list on a decline: the freed seat goes to the next family. */
async function moveWaitingListOnDecline(page: Page) {
  await visit(page, '/main/enrollment-settings');
  await page
    .getByTestId('periods-table')
    .locator('tbody tr')
    .filter({ has: page.getByText('started', { exact: true }) })
    .first()
    .click();
  const autoMove = page.getByRole('checkbox', { name: 'When a seat is declined, offer it to the waiting list' });
  await autoMove.waitFor();
  if (!(await autoMove.isChecked())) await autoMove.check();
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/') && r.request().method() !== 'GET'),
    page.getByTestId('period-save').click(),
  ]);
  expect(saved.ok()).toBe(true);
}

/** The staff's selected list, searched for one applicant: the status its row shows ('' when not on the list). */
async function selectedListStatus(page: Page, name: string): Promise<string> {
  // from another screen: the list mounts again and asks the server, not its cache
  await visit(page, '/main/settings');
  await page.getByTestId('profile-name').waitFor();
  await visit(page, '/main/applications/selected-list');
  await page.getByTestId('applications-search').fill(name);
  await expect.poll(() => page.getByTestId('applications-table').getAttribute('aria-busy')).toBe('false');
  const row = staffRows(page).filter({ has: page.getByRole('link', { name }) });
  return (await row.count()) ? ((await row.first().locator('td').nth(7).innerText()) ?? '').trim() : '';
}

/** The newest sign-in mail to the guardian with this subject: its one-time link. */
const signInLink = (admin: Page, subject: string) =>
  mailedLink(admin, [GUARDIAN, subject], /\/family\/link\/[A-Za-z0-9_-]{40,}$/);

/** The offer mail to an application's family (English or Spanish): its link, signing in on the offer's page. */
const offerLink = (admin: Page, offered: Picked) =>
  mailedLink(
    admin,
    [new RegExp(`(A seat for|Un cupo para) ${offered.name.split(' ')[0]} `)],
    new RegExp(`/family/link/[A-Za-z0-9_-]{40,}\\?to=${offered.id}$`),
  );

const card = (portal: Page, id: number) =>
  portal.locator('article.card').filter({ has: portal.locator(`a[href="/family/applications/${id}"]`) });

/** From the list, one application's detail. */
async function openApplication(portal: Page, id: number) {
  await card(portal, id).locator(`a[href="/family/applications/${id}"]`).click();
  await portal.waitForURL(`**/family/applications/${id}`);
  await portal.locator('main h1').waitFor();
}

async function backToList(portal: Page) {
  await portal.locator('p.back a').click();
  await portal.waitForURL('**/family/applications');
  await portal.locator('article.card').first().waitFor();
}

/** The stage an application is at, in the family's words (after the "Status:" that only screen readers read). */
const stageIn = async (where: Locator) => (await where.locator('.stage').first().innerText()).split('\n').pop()!.trim();
const stageOf = (portal: Page) => stageIn(portal.locator('main'));

/** The portal's language from its header; signed in, the choice is saved for the guardian (their messages follow). */
async function chooseFamilyLanguage(portal: Page, lng: string, signedIn: boolean) {
  const saved = signedIn
    ? portal.waitForResponse((r) => r.url().endsWith('/api/family/language') && r.request().method() === 'PUT')
    : null;
  await portal.locator('header select').selectOption(lng);
  await expect.poll(() => portal.evaluate(() => document.documentElement.lang)).toBe(lng);
  if (saved) expect((await saved).ok()).toBe(true);
}

describe('the family portal, on a phone', () => {
  it('signs in from the mailed link, explains the waiting place, accepts and declines offers; in Arabic and Spanish', async () => {
    // staff: the period moves its list on a decline; four applications of one grade become the guardian's
    const staff = await openPage(browser, baseUrl);
    await signIn(staff, STAFF);
    await staff.waitForURL('**/main/**');
    await moveWaitingListOnDecline(staff);
    const waiting = (await gradeRows(staff, '/main/applications/waiting-list')).filter((r) => r.place !== null);
    const head = waiting.find((r) => r.place === 1);
    const placed = waiting.find((r) => r.place === 3);
    expect(head, 'the grade has a waiting list').toBeTruthy();
    expect(placed, 'the grade has a third waiting place').toBeTruthy();
    const offered = (await gradeRows(staff, '/main/applications/selected-list')).filter((r) =>
      r.status.startsWith('Offered'),
    );
    expect(offered.length, 'the grade has three offers').toBeGreaterThanOrEqual(3);
    const [accepted, declined, later] = offered;
    for (const app of [placed!, accepted, declined, later]) await giveToGuardian(staff, app.id);

    // the guardian, on a phone: the sign-in screen, then the one that says to check the mail
    const portal = await openPage(browser, baseUrl);
    await portal.setViewportSize({ width: 390, height: 844 });
    await portal.goto('/family');
    await portal.locator('input[name=contact]').waitFor();
    expect(await portal.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await checkScreen(portal, 'family-01-sign-in');
    await portal.getByLabel('E-mail or mobile phone').fill(GUARDIAN);
    await portal.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect.poll(() => portal.locator('main h1').innerText()).toBe('Check your e-mail');
    expect(await portal.locator('main').innerText()).toContain(GUARDIAN);
    await checkScreen(portal, 'family-02-check-mail');

    // the link from the captured mail opens the guardian's applications
    const admin = await openPage(browser, baseUrl);
    await signInAs(admin, 'superadmin');
    await visit(admin, '/main/mail');
    const link = await signInLink(admin, 'Your sign-in link to the family portal');
    await portal.goto(link);
    await portal.waitForURL('**/family/applications');
    await expect.poll(() => portal.locator('article.card').count()).toBe(4);
    await expect.poll(() => portal.locator('header').innerText()).toContain('Signed in as f•••@example.org');
    expect(await stageIn(card(portal, placed!.id))).toBe('On the waiting list');
    expect(await stageIn(card(portal, accepted.id))).toBe('Seat offered');
    await checkScreen(portal, 'family-03-applications');

    // the waiting place: its number, the facts that decide it, and the sentence on the order
    await openApplication(portal, placed!.id);
    await expect.poll(() => portal.locator('.position__value').innerText()).toBe(String(placed!.place));
    const explained = await portal.locator('main').innerText();
    expect(explained).toContain('Your place on the waiting list');
    expect(explained).toContain('Priority group');
    expect(explained).toMatch(/Seats are offered .*Your place only changes when families ahead of you/s);
    await checkScreen(portal, 'family-04-waiting-place');

    // an offer accepted, after its confirmation: the staff's selected list shows it confirmed
    await backToList(portal);
    await openApplication(portal, accepted.id);
    expect(await selectedListStatus(staff, accepted.name)).toMatch(/^Offered/);
    await portal.getByRole('button', { name: 'Accept the seat' }).click();
    await expect.poll(() => portal.locator('.confirm__question').innerText()).toMatch(/^Accept the seat for /);
    await checkScreen(portal, 'family-05-confirm-accept');
    await portal.getByRole('button', { name: 'Yes, accept' }).click();
    await expect
      .poll(() => portal.getByRole('status').first().innerText())
      .toBe('Thank you. You have accepted the seat.');
    await expect.poll(() => stageOf(portal)).toBe('Seat accepted');
    await screenshot(portal, 'family-06-accepted');
    await expect.poll(() => selectedListStatus(staff, accepted.name)).toMatch(/^Confirmed/);
    await screenshot(staff, 'family-07-staff-confirmed');

    // another declined with a reason: the seat goes to the first family of the grade's waiting list
    await backToList(portal);
    await openApplication(portal, declined.id);
    await portal.getByRole('button', { name: 'Decline the seat' }).click();
    await portal.getByRole('group', { name: 'Why are you declining the seat?' }).waitFor();
    // the reason is asked for before anything is sent
    await portal.getByRole('button', { name: 'Yes, decline' }).click();
    await expect.poll(() => portal.getByText('Choose a reason.').isVisible()).toBe(true);
    await portal.getByRole('radio', { name: 'We are moving away' }).check();
    await checkScreen(portal, 'family-08-confirm-decline');
    await portal.getByRole('button', { name: 'Yes, decline' }).click();
    await expect
      .poll(() => portal.getByRole('status').first().innerText())
      .toBe('Your answer is recorded: you have declined the seat.');
    await expect.poll(() => stageOf(portal)).toBe('Seat declined');
    expect(await selectedListStatus(staff, head!.name)).toMatch(/^Offered/);
    expect(await selectedListStatus(staff, declined.name)).toBe('');
    await screenshot(staff, 'family-09-staff-next-offered');

    // that family's offer mail links straight to their answer page, signed in
    const nextFamily = await openPage(browser, baseUrl);
    await nextFamily.setViewportSize({ width: 390, height: 844 });
    await nextFamily.goto(await offerLink(admin, head!));
    await nextFamily.waitForURL(`**/family/applications/${head!.id}`);
    await expect
      .poll(() => nextFamily.getByRole('button', { name: /^(Accept the seat|Aceptar la plaza)$/ }).count())
      .toBe(1);
    await checkScreen(nextFamily, 'family-09b-offer-mail-link');

    // texts: the demo family said yes on its form; here it says no, then yes again, and sees each choice
    await portal.getByRole('link', { name: 'Text messages' }).click();
    await portal.waitForURL('**/family/texts');
    const texts = portal.getByRole('switch').first();
    await expect.poll(() => texts.isChecked()).toBe(true);
    await texts.click();
    await expect.poll(() => portal.getByRole('status').first().innerText()).toMatch(/will not text you\.$/);
    expect(await texts.isChecked()).toBe(false);
    await expect.poll(() => portal.locator('main').innerText()).toContain('Here, in the portal');
    await checkScreen(portal, 'family-09c-texts');
    await texts.click();
    await expect.poll(() => portal.getByRole('status').first().innerText()).toMatch(/may text you\.$/);
    // the phones are hidden: none of them in full on the screen
    expect(await portal.locator('main').innerText()).not.toMatch(/\+1\d{10}/);

    // the waiting place moved up one
    await backToList(portal);
    await openApplication(portal, placed!.id);
    await expect.poll(() => portal.locator('.position__value').innerText()).toBe(String(placed!.place! - 1));

    // Arabic, right to left: chosen signed in (saved for the guardian), then the walk again from a new link
    await chooseFamilyLanguage(portal, 'ar', true);
    expect(await portal.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => portal.locator('main').innerText()).toContain('ترتيبك في قائمة الانتظار');
    await checkScreen(portal, 'family-10-waiting-place-ar');
    await portal.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await portal.waitForURL(/\/family$/);
    await expect.poll(() => portal.locator('main h1').innerText()).toBe('تسجيل الدخول');
    expect(await portal.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await checkScreen(portal, 'family-11-sign-in-ar');
    await portal.locator('input[name=contact]').fill(GUARDIAN);
    await portal.locator('main button[type=submit]').click();
    await expect.poll(() => portal.locator('main h1').innerText()).toBe('تحقَّق من بريدك الإلكتروني');
    await checkScreen(portal, 'family-12-check-mail-ar');
    await portal.goto(await signInLink(admin, 'رابط الدخول إلى بوابة الأسر'));
    await portal.waitForURL('**/family/applications');
    await expect.poll(() => portal.locator('main h1').innerText()).toBe('طلباتك');
    await expect.poll(() => portal.locator('article.card').count()).toBe(4);
    expect(await portal.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    expect(await stageIn(card(portal, accepted.id))).toBe('تم قبول المقعد');
    await checkScreen(portal, 'family-13-applications-ar');
    await openApplication(portal, later.id);
    await portal.getByRole('button', { name: 'قبول المقعد' }).click();
    await portal.locator('.confirm__question').waitFor();
    await checkScreen(portal, 'family-14-confirm-accept-ar');
    await portal.getByRole('button', { name: 'رجوع' }).click();

    // Spanish: the last offer declined, its reason in Spanish
    await chooseFamilyLanguage(portal, 'es', true);
    expect(await portal.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => stageOf(portal)).toBe('Plaza ofrecida');
    await portal.getByRole('button', { name: 'Rechazar la plaza' }).click();
    await portal.getByRole('radio', { name: 'Nos vamos a mudar' }).check();
    await checkScreen(portal, 'family-15-confirm-decline-es');
    await portal.getByRole('button', { name: 'Sí, rechazar' }).click();
    await expect
      .poll(() => portal.getByRole('status').first().innerText())
      .toBe('Su respuesta quedó registrada: ha rechazado la plaza.');
    await expect.poll(() => stageOf(portal)).toBe('Plaza rechazada');
    await backToList(portal);
    await expect.poll(() => portal.locator('main h1').innerText()).toBe('Sus solicitudes');
    await openApplication(portal, placed!.id);
    await expect.poll(() => portal.locator('main').innerText()).toContain('Su lugar en la lista de espera');
    await checkScreen(portal, 'family-16-waiting-place-es');

    await Promise.all([portal, staff, admin, nextFamily].map((p) => p.context().close()));
  }, 240_000);

  it('works at 360 px on a slow 3G line, and asks nothing of any other host', async () => {
    const portal = await openPage(browser, baseUrl);
    await portal.setViewportSize({ width: 360, height: 740 });
    const hosts = new Set<string>();
    portal.on('request', (request) => hosts.add(new URL(request.url()).origin));
    // Chrome's "Slow 3G": 400 ms round trips (2 s as DevTools counts them), 400 kbit/s each way
    const cdp = await portal.context().newCDPSession(portal);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 2000,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    await portal.goto('/family', { timeout: 60_000 });
    await portal.locator('input[name=contact]').waitFor({ timeout: 60_000 });
    await portal.getByLabel('E-mail or mobile phone').fill('nobody.here@example.org');
    await portal.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect.poll(() => portal.locator('main h1').innerText(), { timeout: 60_000 }).toBe('Check your e-mail');
    await checkScreen(portal, 'family-17-slow-3g-360');
    expect([...hosts]).toEqual([new URL(baseUrl).origin]);
    await portal.context().close();
  }, 180_000);
});
