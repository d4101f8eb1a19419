import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, signIn } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('users screen', () => {
  it('a school admin creates a campus user, with the spec messages for bad input', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await page.goto('/main/users');
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
    await page.getByRole('option', { name: /Campus Admin/ }).click();
    await page.getByTestId('user-campus').click();
    await page.getByRole('option', { name: /Mesa Vista/ }).click();
    await page.getByTestId('user-save').click();
    await expect.poll(() => page.getByText("The phone number can't have dash, spaces nor parentheses.").isVisible()).toBe(true);
    await page.getByTestId('user-telephone').fill('+16025550100');
    await page.getByTestId('user-save').click();

    await page.getByTestId('users-tab-campus').click();
    await page.getByTestId('users-search').fill('Delgado');
    await expect.poll(() => page.getByTestId('users-table').innerText()).toContain('rosa.delgado@demo.openseat.org');
    await screenshot(page, 'users-created');
    await page.context().close();
  });
});

describe('roles screens', () => {
  it('a SuperAdmin turns a permission of a role on, and a school admin may only look', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'superadmin@demo.openseat.org');
    await page.waitForURL('**/main/schools');
    await page.goto('/main/roles');
    await page.getByRole('row', { name: /Campus Admin/ }).click();
    await page.getByTestId('role-permissions-tab').click();
    const exportUsers = page.getByRole('switch', { name: 'users export_csv' });
    await expect.poll(() => exportUsers.isChecked()).toBe(false);
    await exportUsers.click();
    await expect.poll(() => exportUsers.isChecked()).toBe(true);
    await screenshot(page, 'role-permissions');
    await page.context().close();

    const school = await openPage(browser, baseUrl);
    await signIn(school, 'school@demo.openseat.org');
    await school.waitForURL('**/main/dashboard');
    await school.goto('/main/roles');
    await school.getByRole('row', { name: /Campus Admin/ }).click();
    await school.getByTestId('role-permissions-tab').click();
    await expect.poll(() => school.getByTestId('permissions-denied').innerText()).toBe("You don't have permissions to enable or disable permissions.");
    await school.context().close();
  });
});
