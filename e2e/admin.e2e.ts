import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, serverUrl, signIn, visit } from './browser';

const baseUrl = serverUrl();
let browser: Browser;

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
describe('users screen', () => {
  it('a school admin creates a campus user, with the spec messages for bad input', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await visit(page, '/main/users');
    await expect.poll(() => page.getByTestId('users-table').innerText()).toContain('Sharon School');

    await page.getByTestId('user-create').click();
    await page.getByTestId('user-save').click();
    await expect.poll(() => page.getByText('Required field.').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);

    await page.getByTestId('user-name').fill('Rosa Delgado');
    await page.getByTestId('user-email').fill('rosa.delgado@demo.openseat.org');
    await page.getByTestId('user-password').fill('rosa-long-password');
    await page.getByTestId('user-telephone').fill('602-555-0100');
    await page.getByTestId('user-role').click();
    // a school admin may give school, campus and maintainer roles: never a system role
    await expect
      .poll(() => page.getByRole('option').allInnerTexts())
      .toEqual(['School Admin (school)', 'Campus Admin (campus)', 'School Maintainer (school maintainer)']);
    await page.getByRole('option', { name: /Campus Admin/ }).click();
    await page.getByTestId('user-campus').click();
    await page.getByRole('option', { name: /Mesa Vista/ }).click();
    await page.getByTestId('user-save').click();
    await expect
      .poll(() => page.getByText("The phone number can't have dash, spaces nor parentheses.").isVisible())
      .toBe(true);
    await page.getByTestId('user-telephone').fill('+16025550100');
    await page.getByTestId('user-save').click();

    await page.getByTestId('users-tab-campus').click();
    await page.getByTestId('users-search').fill('Delgado');
    await expect.poll(() => page.getByTestId('users-table').innerText()).toContain('rosa.delgado@demo.openseat.org');
    await screenshot(page, 'users-created');

    // deactivating asks first and says what happens; cancelling changes nothing
    await page.getByRole('button', { name: 'Deactivate Rosa Delgado' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect
      .poll(() => dialog.innerText())
      .toContain('Rosa Delgado can no longer sign in, and every open session of theirs ends at once.');
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => page.getByRole('row', { name: /Rosa Delgado/ }).innerText()).toContain('Active');
    await page.getByRole('button', { name: 'Deactivate Rosa Delgado' }).click();
    await page.getByTestId('confirm-accept').click();
    await expect.poll(() => page.getByRole('row', { name: /Rosa Delgado/ }).innerText()).toContain('Inactive');
    await page.context().close();
  });

  it('a campus admin reads its users without asking for anything it may not use (no 403)', async () => {
    const page = await openPage(browser, baseUrl);
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 403) refused.push(res.url());
    });
    await signIn(page, 'campus@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await visit(page, '/main/users');
    await expect.poll(() => page.getByTestId('users-table').innerText()).toContain('campus@demo.openseat.org');
    // only the campus level: the school and maintenance tabs are not offered
    expect(await page.getByTestId('users-tab-school').count()).toBe(0);
    expect(await page.getByTestId('user-create').count()).toBe(0);
    await visit(page, '/main/priorities-configuration');
    await expect.poll(() => page.getByTestId('priorities-table').isVisible()).toBe(true);
    await visit(page, '/main/application-tags');
    await expect.poll(() => page.getByTestId('tags-table').isVisible()).toBe(true);
    expect(refused).toEqual([]);
    await page.context().close();
  });
});

describe('roles screens', () => {
  it('a SuperAdmin turns a permission of a role on, and a school admin may only look', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'superadmin@demo.openseat.org');
    await page.waitForURL('**/main/schools');
    await visit(page, '/main/roles');
    await page.getByRole('row', { name: /Campus Admin/ }).click();
    await page.getByTestId('role-permissions-tab').click();
    const exportUsers = page.getByRole('switch', { name: 'Users: Export CSV' });
    await expect.poll(() => exportUsers.isChecked()).toBe(false);
    await exportUsers.click();
    await expect.poll(() => exportUsers.isChecked()).toBe(true);
    await screenshot(page, 'role-permissions');
    await page.context().close();

    const school = await openPage(browser, baseUrl);
    await signIn(school, 'school@demo.openseat.org');
    await school.waitForURL('**/main/dashboard');
    await visit(school, '/main/roles');
    await school.getByRole('row', { name: /Campus Admin/ }).click();
    await school.getByTestId('role-permissions-tab').click();
    await expect
      .poll(() => school.getByTestId('permissions-denied').innerText())
      .toBe("You don't have permissions to enable or disable permissions.");
    await school.context().close();
  });
});
