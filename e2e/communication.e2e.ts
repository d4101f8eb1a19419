import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, serverUrl, visit } from './browser';
import { englishLeftovers, horizontalOverflow, seriousA11yViolations } from './checks';
import { signInAs } from './screens';
import { staffCall } from './staff-api';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 20_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Row = {
  id_application: number;
  id_campus: number;
  id_campus_year: number | null;
  id_grade: number | null;
  applicantName: string;
  applicant: { firstName: string };
};

/** The API as the school admin, to find the data a flow starts from (never to do what the flow shows). */
const api = <T>(path: string) => staffCall<T>('school@demo.openseat.org', 'GET', path);

/**
 * An applied application whose grade still has a free seat and whose guardian reads English (a Spanish-reading one
 * receives the campus's Spanish template bound to the same move instead: that rule is tested on the server).
 */
async function appliedWithSeat(skip: number[] = []): Promise<Row> {
  const page = await api<{ data: Row[] }>(`/application?type=1&ids_status=3&pageSize=100&page=0`);
  const seatsOf = new Map<number, Array<{ id_grade: number; spots: number; taken: number }>>();
  for (const row of page.data) {
    if (skip.includes(row.id_application) || row.id_campus_year === null || row.id_grade === null) continue;
    if (!seatsOf.has(row.id_campus_year))
      seatsOf.set(
        row.id_campus_year,
        await api(`/enrollment/campusYearGrade/all?id_campus_year=${row.id_campus_year}`),
      );
    const seat = seatsOf.get(row.id_campus_year)!.find((g) => g.id_grade === row.id_grade);
    if (!seat || seat.taken >= seat.spots) continue;
    const detail = await api<{ applicant: { guardianLanguage: string } }>(`/application/${row.id_application}`);
    if (detail.applicant.guardianLanguage === 'en') return row;
  }
  throw new Error('no applied application with a free seat in the demo');
}

async function openCampusTab(page: Page, id_school: number, id_campus: number, tab: string) {
  await visit(page, `/main/schools/school/${id_school}/campus/${id_campus}`);
  await page.getByTestId(`campus-tab-${tab}`).click();
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('messages to families', () => {
  it('a template bound to applied -> offered goes out when an application is offered, and is in its history and in captured mail', async () => {
    const target = await appliedWithSeat();
    const page = await openPage(browser, baseUrl);
    const me = await signInAs(page, 'school');

    // 1. the campus's e-mails tab: a new template bound to the move
    await openCampusTab(page, me.id_school!, target.id_campus, 'emails');
    await page.getByTestId('email-template-create').click();
    await page.getByTestId('template-name').fill('E2E offer');
    await pickOption(page, 'From status', 'Applied');
    await pickOption(page, 'To status', 'Offered');
    await page.getByTestId('template-subject').fill('E2E seat for {{applicant_first_name}}');
    await page.getByTestId('template-text').fill('Hello {{guardian_name}}, a seat is waiting for ');
    await page.getByTestId('merge-field-applicant_first_name').click();
    await screenshot(page, 'comm-01-template');
    await page.getByTestId('template-save').click();
    await expect.poll(() => page.getByTestId('email-templates-table').innerText()).toContain('E2E offer');

    // 2. the application is offered a seat
    await visit(page, `/main/applications/${target.id_application}`);
    await page.getByTestId('application-move').click();
    await page.getByTestId('move-to-5').click();
    await page.getByTestId('move-submit').click();
    await expect.poll(() => page.getByTestId('application-status').innerText()).toBe('Offered');

    // 3. its communication history shows the message, sent
    const subject = `E2E seat for ${target.applicant.firstName}`;
    const history = page.getByTestId('communication-history');
    await expect.poll(() => history.innerText()).toContain(subject);
    await expect.poll(async () => (await history.innerText()).match(/Sent|Delivered/) !== null).toBe(true);
    await screenshot(page, 'comm-02-history');
    await page.context().close();

    // 4. and in the captured mail (no SMTP server in the e2e run)
    const admin = await openPage(browser, baseUrl);
    await signInAs(admin, 'superadmin');
    await visit(admin, '/main/mail');
    await expect.poll(() => admin.getByText(subject).first().isVisible()).toBe(true);
    await screenshot(admin, 'comm-03-captured');
    await admin.context().close();
  });

  it('sends a message to a selection of the inbox and shows its progress to the end', async () => {
    const page = await openPage(browser, baseUrl);
    await signInAs(page, 'school');
    await visit(page, '/main/applications');
    const rows = page.getByTestId('applications-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    // the three applications are named before checking: a refetch may reorder the rows between two clicks
    const labels: string[] = [];
    for (const i of [0, 1, 2]) labels.push((await rows.nth(i).getByRole('checkbox').getAttribute('aria-label')) ?? '');
    for (const label of labels) await page.getByRole('checkbox', { name: label, exact: true }).check();
    await page.getByTestId('bulk-send-open').click();
    await page.getByTestId('bulk-subject').fill('E2E open house');
    await page.getByTestId('bulk-text').fill('You are invited to our open house on Saturday.');
    await page.getByTestId('bulk-send-submit').click();
    await page.getByTestId('bulk-progress').waitFor();
    await screenshot(page, 'comm-04-bulk-progress');
    await expect.poll(() => page.getByTestId('bulk-result').innerText()).toMatch(/3 sent/);
    await screenshot(page, 'comm-05-bulk-done');
    await page.context().close();
  });
});

describe('failed messages', () => {
  // the e2e server's providers (captured mail and SMS) never refuse, so nothing fails here: sending failed messages
  // again, once each and in scope, is shown on the server (modules/messaging/resend-failed.test.ts)
  it('the screen is in the side menu: nothing to send, dates checked, in Spanish and at 390 px, axe clean', async () => {
    const page = await openPage(browser, baseUrl);
    await signInAs(page, 'school');
    await page.getByTestId('side-menu').getByRole('link', { name: 'Failed messages' }).click();
    await page.waitForURL((url) => url.pathname === '/main/failed-messages');
    await expect.poll(() => page.getByTestId('failed-count').innerText()).toBe('Failed messages matching: 0');
    expect(await page.getByTestId('failed-resend').isDisabled()).toBe(true);
    await page.getByTestId('failed-from').fill('2026-11-20T10:15');
    await page.getByTestId('failed-to').fill('2026-11-20T10:00');
    await page.getByText('The end must come after the start.').waitFor();
    expect(await page.getByTestId('failed-resend').isDisabled()).toBe(true);
    await page.getByTestId('failed-to').fill('2026-11-20T10:30');
    await expect.poll(() => page.getByText('The end must come after the start.').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.locator('header').getByTestId('language-switch-button').click();
    await page.getByTestId('language-es').click();
    await expect.poll(() => page.getByTestId('failed-count').innerText()).toBe('Mensajes fallidos que coinciden: 0');
    expect(await englishLeftovers(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'comm-06-failed-messages-es-390');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // the language is saved for the user: set it back for the other tests
    await page.locator('header').getByTestId('language-switch-button').click();
    await page.getByTestId('language-en').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.context().close();
  });
});

/** Typeform's signature of a raw body: `sha256=` + base64 HMAC-SHA256 under the form's secret. */
export const typeformSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('base64')}`;
