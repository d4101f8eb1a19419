import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, screenshot, serverUrl, signIn } from './browser';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const newContext = () => browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });

const signedInView = (page: Page) => page.getByTestId('side-menu');

/** Every answer of the refresh route a page receives. */
function watchRefreshes(page: Page, statuses: number[]) {
  page.on('response', (res) => {
    if (res.url().endsWith('/api/auth/request-new-access-token')) statuses.push(res.status());
  });
}

/** Signs in through the form of the page as it is (no page load, so the tab's memory and cache stay). */
async function signInHere(page: Page, email: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
}

async function openUsersFromMenu(page: Page) {
  await signedInView(page).getByText('Users', { exact: true }).click();
  await page.waitForURL('**/main/users');
}

describe('sessions that survive reloads and tabs', () => {
  it('keeps the refresh token out of reach of scripts: HttpOnly, SameSite=Strict cookie on /api/auth', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    const [cookie] = (await context.cookies()).filter((c) => c.name.endsWith('openseat_refresh'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', secure: true });
    expect(await page.evaluate(() => document.cookie)).not.toContain('openseat_refresh');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(cookie.value);
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./); // no JWT either
    await context.close();
  });

  it('four tabs opened at the same instant and 60 reloads in a minute leave the user signed in', async () => {
    const context = await newContext();
    const first = await context.newPage();
    await signIn(first, 'school@demo.openseat.org');
    await first.waitForURL('**/main/dashboard');

    const statuses: number[] = [];
    const tabs = await Promise.all([1, 2, 3, 4].map(() => context.newPage()));
    tabs.forEach((tab) => watchRefreshes(tab, statuses));
    await Promise.all(tabs.map((tab) => tab.goto('/main/users')));
    for (const tab of tabs) {
      await tab.getByTestId('users-table').waitFor();
      expect(tab.url()).toContain('/main/users');
    }

    // 60 reloads, 15 in each tab at once (how fast depends on the machine: never asserted)
    await Promise.all(
      tabs.map(async (tab) => {
        for (let i = 0; i < 15; i++) {
          await tab.reload();
          await signedInView(tab).waitFor();
        }
      }),
    );
    expect(statuses.length).toBeGreaterThanOrEqual(64);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    for (const tab of tabs) {
      expect(tab.url()).toContain('/main/users');
      await tab.getByTestId('users-table').getByText('Sharon School').waitFor();
    }
    await screenshot(tabs[3], 'sessions-after-reloads');
    await context.close();
  }, 240_000);

  it("sign out in one tab and the other tab's next action goes to sign-in", async () => {
    const context = await newContext();
    const one = await context.newPage();
    await signIn(one, 'school@demo.openseat.org');
    await one.waitForURL('**/main/dashboard');
    const other = await context.newPage();
    await other.goto('/main/dashboard');
    await signedInView(other).waitFor();

    await one.getByTestId('user-menu').click();
    await one.getByTestId('logout').click();
    await one.waitForURL('**/login');

    // the other tab heard of it, or its next action finds the session ended
    if (await signedInView(other).isVisible()) await openUsersFromMenu(other).catch(() => undefined);
    await other.waitForURL('**/login');
    await expect.poll(() => other.getByTestId('login-email').isVisible()).toBe(true);
    // and a reload does not bring it back
    await other.reload();
    await expect.poll(() => other.getByTestId('login-email').isVisible()).toBe(true);
    await context.close();
  });

  it("a second user signing in in the same tab never sees the first user's data", async () => {
    const context = await newContext();
    const page = await context.newPage();
    // the first user works in the second school (Riverside): its users list holds Michael Chen
    await signIn(page, 'maintainer@demo.openseat.org');
    await page.getByRole('button', { name: 'Riverside Charter Schools' }).click();
    await page.waitForURL('**/main/applications');
    await openUsersFromMenu(page);
    await expect.poll(() => page.getByTestId('users-table').innerText()).toContain('Michael Chen');

    // a watch on the page: did the first school's user show, even for a frame?
    type Watch = { leaked: boolean };
    await page.evaluate(() => {
      const watch = { leaked: false };
      (window as unknown as { watch: Watch }).watch = watch;
      const check = () => {
        if (document.body.innerText.includes('Michael Chen')) watch.leaked = true;
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const leaked = () => page.evaluate(() => (window as unknown as { watch: Watch }).watch.leaked);
    const resetWatch = () => page.evaluate(() => ((window as unknown as { watch: Watch }).watch.leaked = false));

    await page.getByTestId('user-menu').click();
    // control: the watch does see the first user's list while it is on screen
    expect(await leaked()).toBe(true);
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByTestId('login-email').isVisible()).toBe(true);
    await resetWatch();

    await signInHere(page, 'school@demo.openseat.org');
    await page.waitForURL('**/main/dashboard');
    await openUsersFromMenu(page);
    await expect.poll(() => page.getByTestId('users-table').innerText()).toContain('Sharon School');
    expect(await leaked()).toBe(false);
    await screenshot(page, 'sessions-second-user');
    await context.close();
  });
  it('sign out on every device, after its confirmation, ends the sign-in of another browser too', async () => {
    const laptop = await newContext();
    const phone = await newContext();
    const here = await laptop.newPage();
    const there = await phone.newPage();
    await signIn(here, 'emily.carter@demo.openseat.org');
    await signIn(there, 'emily.carter@demo.openseat.org');
    await signedInView(there).waitFor();

    await here.getByTestId('user-menu').click();
    await here.getByTestId('logout-everywhere').click();
    // cancelling keeps the session; confirming ends every one
    await here.getByTestId('confirm-cancel').click();
    await signedInView(here).waitFor();
    await here.getByTestId('user-menu').click();
    await here.getByTestId('logout-everywhere').click();
    await screenshot(here, 'sessions-logout-everywhere');
    await here.getByTestId('confirm-accept').click();
    await here.waitForURL('**/login');

    // the other browser's access token may live a few minutes; its next page load needs the ended refresh
    await there.reload();
    await expect.poll(() => there.getByTestId('login-email').isVisible()).toBe(true);
    await laptop.close();
    await phone.close();
  });
});
