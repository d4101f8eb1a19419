import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serverUrl } from './browser';
import { newTrackedPage, seriousA11yViolations } from './checks';
import { PUBLIC_SCREENS, settle } from './screens';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The focus ring of the focused element: a visible outline (not none, at least 2 px). */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { testId: el.dataset.testid, style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

describe('accessible (axe-core: no serious or critical violation)', () => {
  it('the signed-out screens', async () => {
    const page = await newTrackedPage(browser, baseUrl);
    const problems: string[] = [];
    for (const screen of PUBLIC_SCREENS) {
      await page.goto(screen.path);
      await page.getByTestId('page-title').waitFor();
      await screen.then?.(page);
      await settle(page);
      for (const v of await seriousA11yViolations(page)) problems.push(`${screen.name}: ${v}`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  // every signed-in screen, with its dialogs and tabs, is checked by the Spanish walk of i18n.e2e.ts (one walk, two checks)

  it('keyboard focus shows a visible ring on buttons and links', async () => {
    const page = await newTrackedPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    const seen = new Map<string, { style: string; width: number }>();
    for (let i = 0; i < 8 && seen.size < 2; i++) {
      await page.keyboard.press('Tab');
      const ring = await focusRing(page);
      if (ring.testId === 'login-submit' || ring.testId === 'forgot-password-link') seen.set(ring.testId, ring);
    }
    expect([...seen.keys()].sort()).toEqual(['forgot-password-link', 'login-submit']);
    for (const ring of seen.values()) {
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
    }
    await page.context().close();
  });
});
