import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl } from './browser';
import { horizontalOverflow, newTrackedPage } from './checks';
import { eachScreen, PUBLIC_SCREENS, settle, signInAs, type Who } from './screens';

const baseUrl = serverUrl();
const PHONE = { width: 390, height: 844 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The page title is on screen and nothing (the header) covers it. */
const titleUncovered = (page: Page) =>
  page.getByTestId('page-title').evaluate((title) => {
    const box = title.getBoundingClientRect();
    if (box.height === 0 || box.top < 0) return false;
    const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 20), box.top + box.height / 2);
    return hit !== null && title.contains(hit);
  });

/** A select of the top bar shows its whole value (not cut to "E…"). */
const showsWholeValue = (page: Page, testId: string) =>
  page
    .locator('header')
    .getByTestId(testId)
    .evaluate((el) => el.scrollWidth <= el.clientWidth);

async function campusSelectorOpens(page: Page): Promise<boolean> {
  const selector = page.getByTestId('campus-selector');
  if (!(await selector.isVisible())) return false;
  await selector.click();
  const list = page.getByRole('listbox');
  await list.waitFor();
  const options = await list.getByRole('option').count();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'detached' });
  return options > 0;
}

describe('a phone works (390 x 844)', () => {
  it('the signed-out screens fit the screen', async () => {
    const page = await newTrackedPage(browser, baseUrl, PHONE, true);
    for (const screen of PUBLIC_SCREENS) {
      await page.goto(screen.path);
      await page.getByTestId('page-title').waitFor();
      await screen.then?.(page);
      await settle(page);
      expect(await horizontalOverflow(page), screen.name).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });

  for (const who of ['superadmin', 'school'] as const satisfies readonly Who[]) {
    it(`every screen ${who} sees fits 390 px, keeps its title in view, and the campus can be changed`, async () => {
      const page = await newTrackedPage(browser, baseUrl, PHONE, true);
      const me = await signInAs(page, who);
      const problems: string[] = [];
      const visited = await eachScreen(page, who, me, async (where) => {
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) {
          problems.push(`${where}: the page is ${overflow}px wider than the phone`);
          await screenshot(page, `phone-${who}-${where.replace(/\W+/g, '-')}`);
        }
        if (where.includes('›')) return;
        if (!(await titleUncovered(page))) problems.push(`${where}: the page title is hidden`);
        if (!(await campusSelectorOpens(page))) problems.push(`${where}: the campus selector cannot be opened`);
      });
      expect(visited.length).toBeGreaterThan(8);
      expect(await showsWholeValue(page, 'language-switch-button'), 'language picker shows its value').toBe(true);
      await screenshot(page, `phone-${who}-last-screen`);
      expect(problems).toEqual([]);
      await page.context().close();
    }, 300_000);
  }

  it('the side menu opens from the menu button and leads to a screen', async () => {
    const page = await newTrackedPage(browser, baseUrl, PHONE, true);
    await signInAs(page, 'school');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').getByRole('link').nth(1).click();
    await settle(page);
    await expect.poll(() => page.getByTestId('side-menu').isVisible()).toBe(false);
    await page.context().close();
  });
});
