import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { en } from '../apps/web/src/locales/en';
import { es } from '../apps/web/src/locales/es';
import { animationsDone, trackRequests } from './screens';

/** A fresh browser context and page whose requests `settle` can wait for. */
export async function newTrackedPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 800 },
  mobile = false,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, isMobile: mobile, hasTouch: mobile });
  const page = await context.newPage();
  trackRequests(page);
  return page;
}

// ---------------------------------------------------------------------------------------------------------
// Leftover English

/** Common English interface words and phrases: none may show as a whole text, label or name in Spanish (any case). */
const COMMON_ENGLISH = [
  'Save',
  'Cancel',
  'Close',
  'Confirm',
  'Search',
  'Name',
  'Active',
  'Inactive',
  'Edit',
  'Delete',
  'Create',
  'Add',
  'New',
  'Yes',
  'Open',
  'Back',
  'Next',
  'Previous',
  'Users',
  'User',
  'Schools',
  'School',
  'Roles',
  'Role',
  'Status',
  'State',
  'Description',
  'Phone',
  'Address',
  'Website',
  'Settings',
  'Language',
  'Theme',
  'Password',
  'Details',
  'Permissions',
  'Configuration',
  'Context',
  'Type',
  'Grade',
  'Grades',
  'Level',
  'Priority',
  'Priorities',
  'Spots',
  'Taken',
  'Available',
  'System',
  'Custom',
  'Access',
  'Export CSV',
  'Sign in',
  'Sign out',
  'English',
  'Spanish',
  'Loading…',
  'Rows per page:',
  'Go to next page',
  'Go to previous page',
  'Go to first page',
  'Go to last page',
  'menu',
  'Open menu',
];

/** Every English string of the interface that the Spanish catalogue says differently. */
function catalogueEnglish(english: unknown, spanish: unknown, out: Set<string>) {
  if (typeof english === 'string') {
    if (english !== spanish && !english.includes('{{')) out.add(english.trim().toLowerCase());
    return;
  }
  if (english && typeof english === 'object')
    for (const [key, value] of Object.entries(english))
      catalogueEnglish(value, (spanish as Record<string, unknown> | undefined)?.[key], out);
}

function strings(value: unknown, out: Set<string>) {
  if (typeof value === 'string') out.add(value.trim().toLowerCase());
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
}

const ENGLISH = (() => {
  const all = new Set(COMMON_ENGLISH.map((word) => word.toLowerCase()));
  catalogueEnglish(en, es, all);
  // a word both languages write alike ('Campus') is never a leftover, wherever it comes from
  const spanish = new Set<string>();
  strings(es, spanish);
  for (const word of spanish) all.delete(word);
  return all;
})();

/** Whole-text patterns that only English shows: MUI's pagination range, raw snake_case identifiers. */
const ENGLISH_PATTERNS = [/^\d+–\d+ of (\d+|more than \d+)$/, /^[a-z]+(_[a-z]+)+$/];

/**
 * Visible texts of the page: each text node of a visible element, plus the aria-label, title and placeholder
 * of visible elements. A data value (a name, an e-mail) is never a whole interface word, so whole-text
 * comparison leaves data alone.
 */
async function visibleTexts(page: Page): Promise<Array<{ text: string; where: string }>> {
  return page.evaluate(() => {
    const found: Array<{ text: string; where: string }> = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      el.closest('[aria-hidden="true"]') === null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (parent && text && !['SCRIPT', 'STYLE'].includes(parent.tagName) && visible(parent))
        found.push({ text, where: describe(parent) });
    }
    for (const el of Array.from(document.body.querySelectorAll('[aria-label], [title], [placeholder]'))) {
      if (!visible(el)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder']) {
        const text = el.getAttribute(attribute)?.trim();
        if (text) found.push({ text, where: `${describe(el)}@${attribute}` });
      }
    }
    return found;
  });
}

/** English interface texts still showing on a page that should be all Spanish. */
export async function englishLeftovers(page: Page): Promise<string[]> {
  const texts = await visibleTexts(page);
  return texts
    .filter(({ text }) => {
      const bare = text.replace(/[\s:*]+$/, '').toLowerCase();
      return ENGLISH.has(text.toLowerCase()) || ENGLISH.has(bare) || ENGLISH_PATTERNS.some((p) => p.test(text));
    })
    .map(({ text, where }) => `"${text}" in ${where}`);
}

// ---------------------------------------------------------------------------------------------------------
// Accessibility

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
};

/** Runs axe-core on the page as it is now; answers its serious and critical violations, one line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // axe reads colours as drawn: text still fading in (a popover, a dialog) reads paler than it is
  await animationsDone(page);
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses an inline <script>
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<unknown> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })) as unknown;
  });
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

// ---------------------------------------------------------------------------------------------------------
// Phone

/** How far the page is wider than the screen (0: no horizontal page scroll). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** Waits until the notices (snackbars) have faded out on their own: axe reads colours mid-fade paler than they are. */
export async function noticesGone(page: Page) {
  await page.locator('#notistack-snackbar').first().waitFor({ state: 'detached', timeout: 15_000 });
}
