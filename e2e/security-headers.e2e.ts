import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, serverUrl, signIn } from './browser';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Console messages in which Chromium reports something the Content-Security-Policy blocked. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

describe('under the Content-Security-Policy', () => {
  it('the API documentation renders its operations and runs a request', async () => {
    const page = await openPage(browser, baseUrl);
    const violations = cspViolations(page);
    const res = await page.goto('/api/docs/');
    expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByText('/api/auth/permissions').first().waitFor();
    await page.getByText('/api/health').first().click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    await page.getByText('"status": "ok"').first().waitFor();
    await screenshot(page, 'api-docs');
    expect(violations).toEqual([]);
  });

  it('the web client signs in and shows its pages with their styles', async () => {
    const page = await openPage(browser, baseUrl);
    const violations = cspViolations(page);
    await signIn(page, 'superadmin@demo.openseat.org');
    await page.waitForURL(/\/main\//);
    // MUI's styles are injected at run time: a blocked style would leave the app bar unstyled
    const appBar = page.locator('header').first();
    await appBar.waitFor();
    expect(await appBar.evaluate((el) => getComputedStyle(el).position)).not.toBe('static');
    await screenshot(page, 'csp-signed-in');
    expect(violations).toEqual([]);
  });
});
