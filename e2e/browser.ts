import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const DEMO_PASSWORD = 'openseat-demo';

export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

/**
 * The server of this file's test worker: files run two at a time (E2E_WORKERS), each worker on its own server and
 * database (e2e/global-setup.ts). The file's name goes into that server's log, above the requests it makes.
 */
export function serverUrl(): string {
  const worker = Math.min(Number(process.env.VITEST_POOL_ID) || 1, inject('baseUrls').length) - 1;
  const file = path.relative(path.resolve(import.meta.dirname, '..'), expect.getState().testPath ?? '?');
  fs.appendFileSync(inject('serverLogs')[worker], `\n=== ${file} (${new Date().toISOString()}) ===\n`);
  return inject('baseUrls')[worker];
}

/** Debian's Chromium, driven by playwright-core (browser downloads are not possible here). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Saves a screenshot under e2e/artifacts (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export async function openPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Moves inside the app without a page load (a reload spends a refresh token): the router follows the history entry.
 * `path` may carry a query string.
 */
export async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path || url.pathname + url.search === path || url.href === path);
}

/**
 * Signs the SuperAdmin in, opens the admin console's audit log filtered to `action` today, and answers the page with
 * its newest matching row (poll its text: the filter answers after a moment).
 */
export async function openAuditLog(browser: Browser, baseUrl: string, action: string) {
  const page = await openPage(browser, baseUrl);
  await signIn(page, 'superadmin@demo.openseat.org');
  await page.waitForURL('**/main/**');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Admin', exact: true }).click();
  await page.waitForURL('**/main/admin');
  await page.getByTestId('admin-jobs-table').waitFor();
  await page.getByTestId('admin-tab-audit').click();
  await page.getByTestId('admin-audit-action').fill(action);
  await page.getByTestId('admin-audit-from').fill(new Date().toISOString().slice(0, 10));
  return { page, newest: page.getByTestId('admin-audit-row').first() };
}
