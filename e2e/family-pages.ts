import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { horizontalOverflow, seriousA11yViolations } from './checks';

/* What the family portal's walks share: the links families receive by mail, and the checks of a portal screen. */

/** The outbox's job sends a mail within seconds; a CI run's load has taken it past the default 10 s. */
const MAIL_ARRIVES_MS = { timeout: 30_000 };

/** The newest captured mail showing all these texts, as the superadmin's mail screen shows it: its link to the portal. */
export async function mailedLink(admin: Page, texts: Array<string | RegExp>, link: RegExp): Promise<string> {
  const mail = texts.reduce((items, hasText) => items.filter({ hasText }), admin.getByTestId('mail-item'));
  await expect
    .poll(async () => {
      // the mail goes out through the outbox: a fresh list until it is there
      if ((await mail.count()) === 0) await admin.reload();
      await admin.getByTestId('mail-list').waitFor();
      return mail.count();
    }, MAIL_ARRIVES_MS)
    .toBeGreaterThan(0);
  await mail.first().click();
  await expect.poll(() => admin.getByTestId('mail-body').innerText()).toContain('/family/');
  const href = await admin.getByTestId('mail-link').filter({ hasText: '/family/' }).first().getAttribute('href');
  expect(href).toMatch(link);
  return href!;
}

/** The elements that stick out of the screen sideways, for the message of a failed check. */
const pastTheEdges = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.left < 0 || r.right > window.innerWidth)
      .map(({ el, r }) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`)
      .join('; '),
  );

/** A portal screen at rest: no serious or critical axe finding, no sideways scroll at 390 px, and its picture. */
export async function checkScreen(portal: Page, name: string) {
  expect(await seriousA11yViolations(portal)).toEqual([]);
  expect(await horizontalOverflow(portal), await pastTheEdges(portal)).toBeLessThanOrEqual(0);
  await screenshot(portal, name);
}
