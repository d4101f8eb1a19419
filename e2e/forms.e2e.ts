import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl, signIn, visit } from './browser';
import { horizontalOverflow, seriousA11yViolations } from './checks';
import { staffSession, staffCall } from './staff-api';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The school admin's school and first campus, read through the API (the screens are what is tested). */
async function firstCampus() {
  const email = 'school@demo.openseat.org';
  const session = await staffSession(email);
  const body = await staffCall<{ data: Array<{ id_campus: number }> } | Array<{ id_campus: number }>>(
    email,
    'GET',
    `/campus?id_school=${session.user.id_school}`,
  );
  const campuses = Array.isArray(body) ? body : body.data;
  return { id_school: session.user.id_school, id_campus: campuses[0].id_campus };
}

describe('forms and intake, as a school admin connects Typeform', () => {
  it('creates a form, generates its secret, and a signed Typeform delivery appears as a new lead', async () => {
    const { id_school, id_campus } = await firstCampus();
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/**');
    await visit(page, `/main/schools/school/${id_school}/campus/${id_campus}`);
    await page.getByTestId('campus-tab-forms').click();
    await page
      .getByText(/Nothing to review\.|This campus has no forms yet\./)
      .first()
      .waitFor();
    // before any notice shows (the snackbar's colours are the app's, checked elsewhere): the tab itself
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByTestId('form-create').click();
    await page.getByTestId('form-save').click();
    await expect.poll(() => page.getByText('Required field.').first().isVisible()).toBe(true);
    await page.getByTestId('form-name').fill('E2E application form');
    await page.getByTestId('form-provider-id').fill('E2EForm01');
    await page.getByRole('checkbox', { name: 'Application form' }).check();
    await page.getByTestId('form-save').click();
    const card = page.locator('[data-testid^="form-"]', { hasText: 'E2E application form' }).first();
    await expect.poll(() => card.innerText()).toContain('No secret');
    const id = Number((await card.getAttribute('data-testid'))!.replace('form-', ''));
    const webhookUrl = (await page.getByTestId(`form-webhook-${id}`).innerText()).replace(/\s/g, '');
    expect(webhookUrl).toBe(`${baseUrl}/api/webhooks/typeform/${id}`);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByTestId(`form-secret-${id}`).click();
    await page.getByTestId('confirm-accept').click();
    const secret = await page.getByTestId('form-secret').inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await screenshot(page, 'forms-01-secret');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => card.innerText()).toContain('Secret set');

    const raw = JSON.stringify({
      event_id: 'e2e-event-1',
      event_type: 'form_response',
      form_response: {
        form_id: 'E2EForm01',
        token: 'e2e-token-1',
        submitted_at: new Date().toISOString(),
        hidden: {},
        definition: {
          id: 'E2EForm01',
          fields: [
            { id: 'f1', title: 'First name', ref: 'first_name' },
            { id: 'f2', title: 'Last name', ref: 'last_name' },
            { id: 'f3', title: 'Parent name', ref: 'parent_name' },
            { id: 'f4', title: 'Parent e-mail', ref: 'parent_email' },
          ],
        },
        answers: [
          { type: 'text', text: 'Valentina', field: { id: 'f1', ref: 'first_name' } },
          { type: 'text', text: 'Webhookson', field: { id: 'f2', ref: 'last_name' } },
          { type: 'text', text: 'Marta Webhookson', field: { id: 'f3', ref: 'parent_name' } },
          { type: 'email', email: 'marta.webhookson@example.org', field: { id: 'f4', ref: 'parent_email' } },
        ],
      },
    });
    const post = (signature: string) =>
      fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'typeform-signature': signature },
        body: raw,
      });
    expect((await post('sha256=bm90IHRoZSBzaWduYXR1cmU=')).status).toBe(401);
    const delivered = await post(`sha256=${createHmac('sha256', secret).update(raw).digest('base64')}`);
    expect(delivered.status).toBe(200);
    const answer = (await delivered.json()) as { status: string; id_application: number };
    expect(answer.status).toBe('processed');

    await visit(page, `/main/applications/${answer.id_application}`);
    await expect.poll(() => page.getByTestId('application-status').innerText()).toBe('Lead');
    await expect
      .poll(async () => (await page.getByTestId('submissions').innerText()).replace(/\s+/g, ' '))
      .toContain('Last name: Webhookson');
    await screenshot(page, 'forms-02-lead');
    await context.close();
  });
});
