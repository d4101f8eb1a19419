import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, serverUrl, signIn, visit } from './browser';
import { horizontalOverflow, seriousA11yViolations } from './checks';
import { staffSession } from './staff-api';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('feedback, as a school admin reports a problem from the top bar', () => {
  it('captures the page, sends it with the screenshot and sees it listed with the image', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/**');
    await visit(page, '/main/application-tags');
    await page.getByTestId('tags-table').waitFor();

    // the captured screenshot can be left out before sending
    await page.getByTestId('send-feedback').click();
    await page.getByTestId('feedback-preview').waitFor();
    await page.getByTestId('feedback-remove-screenshot').click();
    await page.getByTestId('feedback-preview').waitFor({ state: 'detached' });
    await page.getByLabel('Attach an image').first().waitFor({ state: 'attached' });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByTestId('send-feedback').click();
    await page.getByRole('dialog').waitFor();
    // the page's address and a screenshot drawn in the browser are already there
    expect(await page.getByTestId('feedback-url').inputValue()).toBe(`${baseUrl}/main/application-tags`);
    const preview = page.getByTestId('feedback-preview');
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const title = `E2E feedback ${Date.now()}`;
    await page.getByTestId('feedback-title').fill(title);
    await page.getByTestId('feedback-description').fill('short');
    await page.getByTestId('feedback-save').click();
    await expect.poll(() => page.getByText('Description is too short').first().isVisible()).toBe(true);
    await page.getByTestId('feedback-description').fill('The tags table needs a filter by campus.');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST'),
      page.getByTestId('feedback-save').click(),
    ]);
    expect(saved.status()).toBe(200);
    const { data } = (await saved.json()) as { data: { id_feedback: number; screen_shot: string | null } };
    expect(data.screen_shot).toBe(`/api/feedback/${data.id_feedback}/screenshot`);
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await visit(page, '/main/feedback');
    const row = page.getByTestId(`feedback-row-${data.id_feedback}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(title);
    const thumbnail = page.getByTestId(`feedback-thumbnail-${data.id_feedback}`);
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    expect(await horizontalOverflow(page)).toBe(0);

    // the image itself is served only with a token
    expect((await fetch(`${baseUrl}${data.screen_shot}`)).status).toBe(401);
    const { accessToken } = await staffSession('school@demo.openseat.org');
    const image = await fetch(`${baseUrl}${data.screen_shot}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    await context.close();
  });
});
