import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser';

/**
 * Every built screen of the app, one list for the Spanish, phone and accessibility passes: add a screen here
 * when it is built, with the dialogs and tabs it opens, and all three passes cover it.
 */

export type Who = 'superadmin' | 'school';
export const DEMO_USERS: Record<Who, string> = {
  superadmin: 'superadmin@demo.openseat.org',
  school: 'school@demo.openseat.org',
};

/** What the sign-in answered about the user, for screens whose path holds the user's own ids. */
export type SignedIn = { id_school: number | null };

/** A dialog, tab or menu opened from a screen; `open` answers false when the screen does not offer it. */
export type View = { name: string; open: (page: Page) => Promise<boolean>; close: (page: Page) => Promise<void> };

export type Screen = {
  name: string;
  who: readonly Who[];
  /** Goes to the screen from anywhere in the signed-in app, without a page load, and waits for its content. */
  visit: (page: Page, me: SignedIn) => Promise<void>;
  views?: readonly View[];
};

/** Screens outside the signed-in area, visited signed out. */
export type PublicScreen = { name: string; path: string; then?: (page: Page) => Promise<void> };

const byTestId = (page: Page, id: string) => page.getByTestId(id).first();

/** Client-side navigation: no page load, so no session refresh is spent per screen. */
export async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

const inFlight = new WeakMap<Page, { count: number; quietSince: number }>();

/** Counts the page's requests in flight, for `settle`; call once per page. */
export function trackRequests(page: Page) {
  const state = { count: 0, quietSince: Date.now() };
  inFlight.set(page, state);
  const done = () => {
    state.count = Math.max(0, state.count - 1);
    if (state.count === 0) state.quietSince = Date.now();
  };
  page.on('request', () => state.count++);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Waits until nothing is loading: no overlay, no request in flight for a moment, no transition running. */
export async function settle(page: Page, quietMs = 300) {
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  const state = inFlight.get(page);
  const until = Date.now() + 15_000;
  while (state && Date.now() < until && (state.count > 0 || Date.now() - state.quietSince < quietMs))
    await page.waitForTimeout(50);
  await animationsDone(page);
}

/** Waits until dialogs have faded in and labels moved: checks read the page at rest (endless spinners aside). */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

async function clickAndWait(page: Page, target: Locator, ready: string) {
  await target.click();
  await byTestId(page, ready).waitFor();
  await settle(page);
}

async function openAndWait(page: Page, path: string, ready: string) {
  await go(page, path);
  await byTestId(page, ready).waitFor();
  await settle(page);
}

/** A table's rows (a row may be a link, not a `tr`). */
const rows = (page: Page, table: string) => page.getByTestId(table).locator('tbody > *');
const firstRow = (page: Page, table: string) => rows(page, table).first();

const pressEscape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
};

/** A menu opened by a button: open once it has finished growing in (checks read it at rest). */
const menu = (name: string, button: string): View => ({
  name,
  open: async (page) => {
    await page.getByTestId(button).click();
    await page.getByRole('menu').waitFor();
    await page.waitForFunction(() => {
      const paper = document.querySelector('[role="menu"]')?.closest('.MuiPaper-root');
      if (!paper) return false;
      const style = getComputedStyle(paper);
      return style.opacity === '1' && style.transform === 'none';
    });
    await settle(page);
    return true;
  },
  close: async (page) => {
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  },
});

const dialog = (name: string, button: string): View => ({
  name,
  open: async (page) => {
    const opener = page.getByTestId(button);
    // a disabled button (Start before the period is ready) does not offer its dialog
    if ((await opener.count()) === 0 || !(await opener.first().isEnabled())) return false;
    await opener.first().click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    return true;
  },
  close: pressEscape,
});

/** A tab of the screen; closing goes back to the screen's first tab, the one it opens on. */
const tab = (name: string, testId: string): View => ({
  name,
  open: async (page) => {
    const target = page.getByTestId(testId);
    if ((await target.count()) === 0) return false;
    await target.first().click();
    await settle(page);
    return true;
  },
  close: async (page) => {
    await page.locator('main').getByRole('tab').first().click();
    await settle(page);
  },
});

async function visitSchool(page: Page, me: SignedIn) {
  if (me.id_school === null) {
    await openAndWait(page, '/main/schools', 'schools-table');
    await clickAndWait(page, firstRow(page, 'schools-table'), 'campuses-table');
  } else await openAndWait(page, `/main/schools/school/${me.id_school}`, 'campuses-table');
}

export const SCREENS: readonly Screen[] = [
  {
    name: 'schools',
    who: ['superadmin'],
    visit: (page) => openAndWait(page, '/main/schools', 'schools-table'),
    views: [dialog('new school dialog', 'school-create'), tab('inactive schools', 'schools-tab-inactive')],
  },
  {
    name: 'school',
    who: ['superadmin', 'school'],
    visit: visitSchool,
    views: [
      dialog('edit school dialog', 'school-edit'),
      tab('school users', 'school-users-tab'),
      tab('school configuration', 'school-configuration-tab'),
    ],
  },
  {
    name: 'campus',
    who: ['superadmin', 'school'],
    visit: async (page, me) => {
      await visitSchool(page, me);
      // a campus row is not clickable: its name is the link
      await clickAndWait(page, firstRow(page, 'campuses-table').getByRole('link').first(), 'campus-card');
    },
    views: [
      dialog('edit campus dialog', 'campus-edit'),
      dialog('delete campus confirmation', 'campus-delete'),
      tab('campus configuration', 'campus-tab-configuration'),
      tab('campus grades', 'campus-tab-grades'),
      tab('campus priorities', 'campus-tab-priorities'),
      tab('campus forms', 'campus-tab-forms'),
      tab('campus e-mails', 'campus-tab-emails'),
      tab('campus reminders', 'campus-tab-reminders'),
      tab('campus SMS', 'campus-tab-sms'),
    ],
  },
  {
    name: 'users',
    who: ['superadmin', 'school'],
    visit: (page) => openAndWait(page, '/main/users', 'users-table'),
    views: [dialog('new user dialog', 'user-create'), tab('campus users', 'users-tab-campus')],
  },
  { name: 'roles', who: ['superadmin', 'school'], visit: (page) => openAndWait(page, '/main/roles', 'roles-table') },
  {
    name: 'role',
    who: ['superadmin', 'school'],
    visit: async (page) => {
      await openAndWait(page, '/main/roles', 'roles-table');
      await clickAndWait(page, rows(page, 'roles-table').last(), 'page-title');
    },
    views: [tab('role permissions', 'role-permissions-tab')],
  },
  { name: 'new role', who: ['superadmin'], visit: (page) => openAndWait(page, '/main/roles/role', 'role-name') },
  {
    name: 'enrollment settings',
    who: ['superadmin', 'school'],
    visit: (page) => openAndWait(page, '/main/enrollment-settings', 'periods-table'),
    views: [dialog('new school period dialog', 'period-create'), tab('historical periods', 'periods-historical')],
  },
  {
    name: 'school period',
    who: ['superadmin', 'school'],
    visit: async (page) => {
      await openAndWait(page, '/main/enrollment-settings', 'periods-table');
      await clickAndWait(page, firstRow(page, 'periods-table'), 'period-state');
    },
    views: [
      dialog('start school period dialog', 'period-start'),
      dialog('finalize dialog', 'period-finalize'),
      dialog('freeze lottery dialog', 'lottery-freeze'),
    ],
  },
  {
    name: 'registration checklist',
    who: ['superadmin', 'school'],
    visit: async (page) => {
      await openAndWait(page, '/main/enrollment-settings', 'periods-table');
      await clickAndWait(page, firstRow(page, 'periods-table'), 'period-registration');
      await clickAndWait(page, byTestId(page, 'period-registration'), 'registration-add');
    },
    views: [dialog('copy checklist dialog', 'registration-copy'), menu('add item menu', 'registration-add')],
  },
  {
    name: 'lottery presentation',
    who: ['school'],
    visit: async (page) => {
      await openAndWait(page, '/main/enrollment-settings', 'periods-table');
      await clickAndWait(page, firstRow(page, 'periods-table'), 'lottery-panel');
      await openAndWait(page, `${new URL(page.url()).pathname}/lottery/present`, 'lottery-presentation');
    },
  },
  {
    name: 'priorities',
    who: ['superadmin', 'school'],
    visit: (page) => openAndWait(page, '/main/priorities-configuration', 'priorities-table'),
  },
  {
    name: 'application tags',
    who: ['superadmin', 'school'],
    visit: (page) => openAndWait(page, '/main/application-tags', 'tags-table'),
    views: [dialog('new tag dialog', 'tag-create')],
  },
  {
    name: 'feedback',
    who: ['superadmin', 'school'],
    visit: (page) => openAndWait(page, '/main/feedback', 'feedback-table'),
    views: [dialog('new feedback dialog', 'feedback-create')],
  },
  {
    name: 'notifications',
    who: ['school'],
    visit: (page) => openAndWait(page, '/main/notifications', 'notifications-page'),
    views: [
      dialog('notification settings dialog', 'notifications-page-settings'),
      dialog('notifications popover', 'notifications-bell'),
    ],
  },
  {
    name: 'dashboard',
    who: ['school'],
    visit: (page) => openAndWait(page, '/main/dashboard', 'status-chart'),
    views: [dialog('configure widgets dialog', 'configure-widgets')],
  },
  {
    name: 'account settings',
    who: ['superadmin', 'school'],
    visit: (page) => openAndWait(page, '/main/settings', 'profile-name'),
    views: [dialog('change password dialog', 'change-password'), menu('user menu', 'user-menu')],
  },
  {
    name: 'applications inbox',
    who: ['school'],
    visit: (page) => openAndWait(page, '/main/applications', 'applications-table'),
    views: [menu('columns menu', 'columns-menu')],
  },
  {
    name: 'waiting list',
    who: ['school'],
    visit: (page) => openAndWait(page, '/main/applications/waiting-list', 'applications-table'),
    views: [dialog('reorder by priorities dialog', 'waiting-reorder')],
  },
  {
    name: 'applications selection',
    who: ['school'],
    visit: async (page) => {
      await openAndWait(page, '/main/applications/selected-list', 'applications-table');
      await firstRow(page, 'applications-table').getByRole('checkbox').check();
      await byTestId(page, 'bulk-bar').waitFor();
      await settle(page);
    },
    views: [
      dialog('copy to school year dialog', 'bulk-copy-year'),
      dialog('transfer school year dialog', 'bulk-transfer-year'),
      menu('export menu', 'applications-export'),
    ],
  },
  {
    name: 'application',
    who: ['school'],
    visit: async (page) => {
      await openAndWait(page, '/main/applications/selected-list', 'applications-table');
      await clickAndWait(page, firstRow(page, 'applications-table').getByRole('link'), 'application-status');
    },
    views: [
      dialog('move dialog', 'application-move'),
      dialog('edit info dialog', 'application-edit'),
      dialog('grade and priority dialog', 'application-grade'),
      dialog('transfer spot dialog', 'application-transfer-spot'),
      dialog('delete confirmation', 'application-delete'),
      dialog('delete personal data dialog', 'application-erase'),
      dialog('consent to texts dialog', 'sms-consent-change'),
    ],
  },
  {
    name: 'not found',
    who: ['superadmin', 'school'],
    visit: (page) => openAndWait(page, '/main/schools/school/999999', 'not-found'),
  },
  { name: 'import', who: ['school'], visit: (page) => openAndWait(page, '/main/imports', 'import-upload') },
  {
    name: 'conflicting applications',
    who: ['school'],
    visit: (page) => openAndWait(page, '/main/conflicting-applications', 'conflicts-table'),
  },
  { name: 'mail', who: ['superadmin'], visit: (page) => openAndWait(page, '/main/mail', 'mail-list') },
  {
    name: 'admin console',
    who: ['superadmin'],
    visit: (page) => openAndWait(page, '/main/admin', 'admin-jobs-table'),
    views: [tab('admin audit log', 'admin-tab-audit'), tab('admin outbox and mail', 'admin-tab-mail')],
  },
  {
    name: 'ads tracking',
    who: ['school'],
    // the demo's ads leads arrive from September to mid-November 2026: a personalised range that holds them
    visit: (page) => openAndWait(page, '/main/ads/tracking/all/1/6/2026-09-01/2026-11-30', 'ads-charts'),
    views: [
      {
        name: 'ads monthly report',
        open: async (page) => {
          await page.getByTestId('ads-report-toggle').click();
          await page.getByTestId('ads-report').waitFor();
          await settle(page);
          return true;
        },
        close: async (page) => {
          await page.getByTestId('ads-report-toggle').click();
          await page.getByTestId('ads-report').waitFor({ state: 'detached' });
        },
      },
    ],
  },
];

export const PUBLIC_SCREENS: readonly PublicScreen[] = [
  { name: 'sign-in', path: '/login' },
  {
    name: 'password recovery',
    path: '/login',
    then: async (page) => {
      await page.getByTestId('forgot-password-link').click();
      await page.getByTestId('recovery-email').waitFor();
    },
  },
  { name: 'reset password', path: '/resetpassword?token=not-a-real-token' },
];

/** Signs in through the form and answers what the server said about the user. */
export async function signInAs(page: Page, who: Who): Promise<SignedIn> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(DEMO_USERS[who]);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST'),
    page.getByTestId('login-submit').click(),
  ]);
  const body = (await response.json()) as { user: { id_context_type: number; id_school: number | null } };
  await page.waitForURL('**/main/**');
  await settle(page);
  return { id_school: body.user.id_context_type === 1 ? null : body.user.id_school };
}

/** Visits every screen the user may see, then every dialog or tab it opens, calling `check` on each. */
export async function eachScreen(
  page: Page,
  who: Who,
  me: SignedIn,
  check: (where: string) => Promise<void>,
): Promise<string[]> {
  const visited: string[] = [];
  for (const screen of SCREENS.filter((s) => s.who.includes(who))) {
    await screen.visit(page, me);
    await check(screen.name);
    visited.push(screen.name);
    for (const view of screen.views ?? []) {
      if (!(await view.open(page))) continue;
      await check(`${screen.name} › ${view.name}`);
      visited.push(`${screen.name} › ${view.name}`);
      await view.close(page);
    }
  }
  return visited;
}

/** Switches the signed-in screens' language and waits until the page says it. */
export async function chooseLanguage(page: Page, lng: 'en' | 'es') {
  await page.getByTestId('language-switch-button').click();
  await page.getByTestId(`language-${lng}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lng);
}
