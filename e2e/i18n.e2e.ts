import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl } from './browser';
import { englishLeftovers, newTrackedPage, seriousA11yViolations } from './checks';
import { eachScreen, go, PUBLIC_SCREENS, settle, signInAs, type Who } from './screens';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Chooses the language in the top bar: the choice is saved for the user, so each test sets it back. */
async function chooseLanguage(page: Page, lng: 'en' | 'es') {
  await page.locator('header').getByTestId('language-switch-button').click();
  await page.getByTestId(`language-${lng}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
  await settle(page);
}

/** Chooses the working school period in the top bar (saved for the user, like the language). */
async function choosePeriod(page: Page, name: string) {
  await page.locator('header').getByTestId('period-selector').click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await settle(page);
}

describe('Spanish everywhere', () => {
  it('the signed-out screens show no English and say lang="es"', async () => {
    const page = await newTrackedPage(browser, baseUrl);
    await page.addInitScript(() => localStorage.setItem('lng', 'es'));
    const problems: string[] = [];
    for (const screen of PUBLIC_SCREENS) {
      await page.goto(screen.path);
      await page.getByTestId('page-title').waitFor();
      await screen.then?.(page);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      for (const leftover of await englishLeftovers(page)) problems.push(`${screen.name}: ${leftover}`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  for (const who of ['superadmin', 'school'] as const satisfies readonly Who[]) {
    // one walk for two checks (each walk takes a minute): the Spanish text, and axe-core on the same screens
    it(`every screen ${who} sees, with its dialogs and tabs, shows no English interface word and passes axe`, async () => {
      const page = await newTrackedPage(browser, baseUrl);
      const me = await signInAs(page, who);
      const problems: string[] = [];
      try {
        await chooseLanguage(page, 'es');
        const visited = await eachScreen(page, who, me, async (where) => {
          for (const leftover of await englishLeftovers(page)) problems.push(`${where}: ${leftover}`);
          for (const v of await seriousA11yViolations(page)) problems.push(`${where}: ${v}`);
        });
        await screenshot(page, `i18n-${who}-last-screen`);
        expect(visited.length).toBeGreaterThan(8);
        expect(problems).toEqual([]);
      } finally {
        await chooseLanguage(page, 'en');
        await page.context().close();
      }
    }, 300_000);
  }

  it('a language change reaches the page at once: notices, pagination, <html lang>, and survives a reload', async () => {
    const page = await newTrackedPage(browser, baseUrl);
    await signInAs(page, 'superadmin');
    try {
      await go(page, '/main/users');
      await page.getByTestId('users-table').waitFor();
      await settle(page);
      const pagination = page.locator('.MuiTablePagination-root');
      await expect.poll(() => pagination.innerText()).toContain('Rows per page');

      await chooseLanguage(page, 'es');
      await expect.poll(() => pagination.innerText()).toContain('Filas por página');
      await expect.poll(() => page.getByTestId('breadcrumbs').count()).toBe(0);
      await go(page, '/main/schools');
      await page.getByTestId('schools-table').locator('tbody tr').first().click();
      await page.getByTestId('campuses-table').locator('tbody tr').first().getByRole('link').click();
      await expect.poll(() => page.getByTestId('breadcrumbs').innerText()).toMatch(/Escuelas\s*\/\s*Escuela/);

      // a notice already on screen comes from the server; it follows the new language without a reload
      await choosePeriod(page, '2028-2029'); // not started in the demo: 'enrollment has not started'
      const notice = page.getByTestId('enrollment-notice');
      await notice.waitFor();
      const spanish = await notice.innerText();
      await chooseLanguage(page, 'en');
      await expect.poll(() => notice.innerText()).not.toBe(spanish);
      const english = await notice.innerText();
      await chooseLanguage(page, 'es');
      await expect.poll(() => notice.innerText()).toBe(spanish);
      expect(english).not.toBe(spanish);

      await page.reload();
      await page.getByTestId('side-menu').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    } finally {
      await choosePeriod(page, '2027-2028');
      await chooseLanguage(page, 'en');
      await page.context().close();
    }
  });
});
