import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serverUrl, signIn, visit } from './browser';
import { horizontalOverflow, seriousA11yViolations } from './checks';
import { staffCall } from './staff-api';

const baseUrl = serverUrl();
const SCHOOL = 'school@demo.openseat.org';
const CAMPUS = 'campus@demo.openseat.org';
let browser: Browser;

type Detail = { id_application: number; applicant: { firstName: string; lastName: string }; allowedStatuses: number[] };

/** The campus user moves one application of its inbox one step on: the school admin is notified. */
async function campusMovesOne(): Promise<Detail> {
  const list = await staffCall<{ data: Array<{ id_application: number }> }>(CAMPUS, 'GET', '/application?pageSize=50');
  for (const row of list.data) {
    const detail = await staffCall<Detail>(CAMPUS, 'GET', `/application/${row.id_application}`);
    const to = detail.allowedStatuses.find((s) => s === 2 || s === 3);
    if (to === undefined) continue;
    await staffCall(CAMPUS, 'PUT', '/application/status', { applicationIds: [detail.id_application], id_status: to });
    return detail;
  }
  throw new Error('the demo campus has no lead or contacted application to move');
}

const unreadOf = (email: string) =>
  staffCall<{ total: number }>(email, 'GET', '/notification-settings/unread?pageSize=1').then((p) => p.total);
const bellCount = (page: Page) => page.getByTestId('notifications-bell').getAttribute('data-unread').then(Number);

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 45_000, interval: 1_000 } } });
  browser = await launchBrowser();
  // a clean slate: nothing unread, every type on
  await staffCall(SCHOOL, 'POST', '/notification/read-all');
  await staffCall(SCHOOL, 'POST', '/notification-settings', {
    settings: [1, 2, 4].map((id) => ({ id_notification_settings_type: id, enabled: true })),
  });
});
afterAll(async () => {
  await staffCall(SCHOOL, 'POST', '/notification-settings', {
    settings: [{ id_notification_settings_type: 1, enabled: true }],
  }).catch(() => undefined);
  await browser?.close();
});

describe('notifications, as the school admin sees what the campus admin did', () => {
  it('shows the badge, opens the list, follows the notification, the badge drops; a type switched off', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, SCHOOL);
    await page.waitForURL('**/main/**');
    const bell = page.getByTestId('notifications-bell');
    await bell.waitFor();
    await expect.poll(() => bellCount(page)).toBe(0);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, none unread');

    const moved = await campusMovesOne();
    const name = `${moved.applicant.firstName} ${moved.applicant.lastName}`;
    // the badge polls: the count arrives without a reload
    await expect.poll(() => bellCount(page)).toBe(1);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    await bell.click();
    const popover = page.getByTestId('notifications-popover');
    await popover.waitFor();
    const item = popover.getByTestId('notification-open').filter({ hasText: name });
    await item.waitFor();
    expect(await item.innerText()).toContain('by Carlos Campus');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await item.click();
    await page.waitForURL(`**/main/applications/${moved.id_application}`);
    await page.getByTestId('application-status').waitFor();
    await expect.poll(() => bellCount(page)).toBe(0);

    // opening an application by any way reads its notifications too
    const again = await campusMovesOne();
    expect(await unreadOf(SCHOOL)).toBe(1);
    await visit(page, '/main/notifications');
    await page.getByTestId('notifications-list').getByText(again.applicant.firstName).first().waitFor();
    await visit(page, `/main/applications/${again.id_application}`);
    await page.getByTestId('application-status').waitFor();
    await expect.poll(() => unreadOf(SCHOOL)).toBe(0);
    await expect.poll(() => bellCount(page)).toBe(0);

    // status changes switched off: the next move by someone else notifies no one here
    await bell.click();
    await page.getByTestId('notifications-settings').click();
    const toggle = page.getByTestId('notification-setting-1');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/notification-settings') && r.request().method() === 'POST'),
      page.getByTestId('notification-settings-save').click(),
    ]);
    expect(saved.status()).toBe(200);
    await page.getByRole('dialog', { name: 'Notification settings' }).waitFor({ state: 'detached' });
    await campusMovesOne();
    expect(await unreadOf(SCHOOL)).toBe(0);
    await context.close();
  }, 150_000);
});
