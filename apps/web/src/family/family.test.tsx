import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FamilyRegistration } from '@openseat/shared/schemas/registration';
import type {
  FamilyApplication,
  FamilyApplicationDetail,
  FamilyDeclineReason,
  FamilySession,
} from '@openseat/shared/schemas/family';
import { api, answer, recorder } from '../test/api';
import { findScreen, openPortal } from '../test/portal';
import { REFRESH_MS } from './use-load';
import ar from './i18n/ar';
import es from './i18n/es';

/*
 * The family portal against msw's answers as the contract (packages/shared/src/schemas/family.ts) describes them, in
 * jsdom, at the browser's address.
 */

const SESSION: FamilySession = { contact: 'm•••@example.org', lng: 'en' };

const WAITING: FamilyApplication = {
  id_application: 41,
  child: 'Maya',
  school: 'Alpha Academy',
  campus: 'Alpha North',
  grade: 'K',
  schoolYear: '2027-2028',
  stage: 'waiting',
  steps: [
    { step: 'applied', state: 'done' },
    { step: 'lottery', state: 'done' },
    { step: 'offer', state: 'current' },
    { step: 'answer', state: 'upcoming' },
    { step: 'enrolled', state: 'upcoming' },
  ],
  waiting: {
    position: 3,
    priorityGroup: 'Siblings',
    lotteryNumber: 1187,
    rankInGroup: 2,
    movedPerWeek: [
      { weekStart: '2027-03-01', week: 1, moved: 4 },
      { weekStart: '2027-03-15', week: 3, moved: 1 },
    ],
    thisWeek: 4,
    lastSeason: {
      schoolYear: '2026-2027',
      movedPerWeek: [
        { week: 1, moved: 2 },
        { week: 2, moved: 3 },
        { week: 6, moved: 1 },
      ],
    },
  },
  offer: null,
  contact: { phone: '(602) 555-0142', email: 'north@alpha.test' },
};

/** An offer to answer by 11:59 pm on Monday 15 March 2027 in Los Angeles (07:59 on the 16th in UTC, after DST began). */
const OFFERED: FamilyApplication = {
  ...WAITING,
  id_application: 42,
  child: 'Leo',
  grade: '1st',
  stage: 'offered',
  steps: [
    { step: 'applied', state: 'done' },
    { step: 'lottery', state: 'skipped' },
    { step: 'offer', state: 'done' },
    { step: 'answer', state: 'current' },
    { step: 'enrolled', state: 'upcoming' },
  ],
  waiting: null,
  offer: { deadline: '2027-03-16T06:59:00.000Z', timeZone: 'America/Los_Angeles', canAnswer: true },
};

const detail = (application: FamilyApplication, messages: FamilyApplicationDetail['messages'] = []) =>
  ({ ...application, messages }) satisfies FamilyApplicationDetail;

const REASONS: FamilyDeclineReason[] = [
  { id_decline_reason: 1, label: 'We moved' },
  { id_decline_reason: 2, label: 'We chose another school' },
];

const signedOut = http.get('/api/family/session', () =>
  HttpResponse.json({ message: 'Sign in', code: 'UNAUTHORIZED' }, { status: 401 }),
);
const signedIn = [answer('get', '/family/session', SESSION), answer('get', '/family/applications', [WAITING, OFFERED])];

/** A table's cells, row by row. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

describe('signing in', () => {
  it('sends the contact and language, says to check the e-mail or phone, then signs in with the code', async () => {
    const signIn = recorder('post', '/family/sign-in', {});
    const session = recorder('post', '/family/session', SESSION);
    api.use(signedOut, signIn.handler);
    const user = openPortal('/family');

    await user.type(screen.getByLabelText('E-mail or mobile phone'), '  maya.parent@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));

    await findScreen('Check your e-mail');
    expect(signIn.requests.map((r) => r.body)).toEqual([{ contact: 'maya.parent@example.org', lng: 'en' }]);
    expect(screen.getByText(/If maya\.parent@example\.org is on an application/)).toBeInTheDocument();
    expect(screen.queryByText(/No text message/)).toBeNull();

    api.use(session.handler, ...signedIn);
    await user.type(screen.getByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6 digits of the code.')).toBeInTheDocument();
    expect(session.requests).toHaveLength(0);

    await user.type(screen.getByLabelText('6-digit code'), '6');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Your applications' })).toBeInTheDocument();
    expect(session.requests.map((r) => r.body)).toEqual([{ contact: 'maya.parent@example.org', code: '123456' }]);
    expect(window.location.pathname).toBe('/family/applications');
  });

  it('says a phone was texted a code, and signs in with it', async () => {
    const signIn = recorder('post', '/family/sign-in', {});
    const session = recorder('post', '/family/session', SESSION);
    api.use(signedOut, signIn.handler);
    const user = openPortal('/family');

    await user.type(screen.getByLabelText('E-mail or mobile phone'), '(555) 010-1234');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));

    await findScreen('Check your text messages');
    expect(signIn.requests.map((r) => r.body)).toEqual([{ contact: '(555) 010-1234', lng: 'en' }]);
    expect(screen.getByText(/we have texted it a 6-digit code/)).toBeInTheDocument();
    expect(screen.getByText(/No text message\? Your school may not send them/)).toBeInTheDocument();

    api.use(session.handler, ...signedIn);
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Your applications' })).toBeInTheDocument();
    expect(session.requests.map((r) => r.body)).toEqual([{ contact: '(555) 010-1234', code: '654321' }]);
  });

  it('shows the same screen whatever the server answers about the contact', async () => {
    api.use(signedOut, answer('post', '/family/sign-in', { sent: false }));
    const user = openPortal('/family');
    await user.type(screen.getByLabelText('E-mail or mobile phone'), 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
  });

  it('shows the server’s message for a wrong code, and stays on the code screen', async () => {
    api.use(
      signedOut,
      answer('post', '/family/sign-in', {}),
      http.post('/api/family/session', () =>
        HttpResponse.json({ message: 'This code is not valid.', code: 'FAMILY_CODE_INVALID' }, { status: 401 }),
      ),
    );
    const user = openPortal('/family');
    await user.type(screen.getByLabelText('E-mail or mobile phone'), '+1 602 555 0100');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid.');
    expect(screen.getByLabelText('6-digit code')).toBeInTheDocument();
  });

  it('goes straight to the applications when the guardian is still signed in', async () => {
    api.use(...signedIn);
    openPortal('/family');
    expect(await screen.findByRole('heading', { name: 'Your applications' })).toBeInTheDocument();
  });
});

describe('a sign-in link', () => {
  it('opens the session with its token (once) and shows the applications', async () => {
    const session = recorder('post', '/family/session', SESSION);
    api.use(session.handler, ...signedIn);
    openPortal('/family/link/Tok3n_abcdefghijklmnopqrstuvwxyz0123');
    expect(await screen.findByRole('heading', { name: 'Your applications' })).toBeInTheDocument();
    expect(session.requests.map((r) => r.body)).toEqual([{ token: 'Tok3n_abcdefghijklmnopqrstuvwxyz0123' }]);
    expect(window.location.pathname).toBe('/family/applications');
  });

  it('says an expired or used link is no longer good, and offers the sign-in form', async () => {
    api.use(
      http.post('/api/family/session', () =>
        HttpResponse.json({ message: 'Link expired', code: 'FAMILY_LINK_INVALID' }, { status: 401 }),
      ),
    );
    openPortal('/family/link/Used0000000000000000000000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link has expired or has already been used. Ask for a new one below.',
    );
    expect(screen.getByLabelText('E-mail or mobile phone')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toBeInTheDocument();
  });
});

describe("a message's link", () => {
  const offerPage = answer('get', '/family/applications/42', detail(OFFERED));

  it('signs in and opens the application it is about, where the offer is answered', async () => {
    const session = recorder('post', '/family/session', SESSION);
    api.use(session.handler, offerPage, ...signedIn);
    openPortal('/family/link/Message_Tok3n_abcdefghijklmnopqrstuvw?to=42');
    expect(await screen.findByRole('button', { name: 'Accept the seat' })).toBeInTheDocument();
    expect(session.requests.map((r) => r.body)).toEqual([{ token: 'Message_Tok3n_abcdefghijklmnopqrstuvw' }]);
    expect(window.location.pathname).toBe('/family/applications/42');
  });

  it('opened again once spent, still leads there when this browser is signed in', async () => {
    api.use(
      http.post('/api/family/session', () =>
        HttpResponse.json({ message: 'Link expired', code: 'FAMILY_LINK_INVALID' }, { status: 400 }),
      ),
      offerPage,
      ...signedIn,
    );
    openPortal('/family/link/Spent_Tok3n_abcdefghijklmnopqrstuvwx?to=42');
    expect(await screen.findByRole('button', { name: 'Accept the seat' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/family/applications/42');
  });

  it('spent and signed out: says so and offers the sign-in form', async () => {
    api.use(
      http.post('/api/family/session', () =>
        HttpResponse.json({ message: 'Link expired', code: 'FAMILY_LINK_INVALID' }, { status: 400 }),
      ),
      signedOut,
    );
    openPortal('/family/link/Spent_Tok3n_abcdefghijklmnopqrstuvwx?to=42');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link has expired or has already been used. Ask for a new one below.',
    );
    expect(window.location.pathname).toBe('/family/link/Spent_Tok3n_abcdefghijklmnopqrstuvwx');
  });
});

describe('the applications', () => {
  it('lists each application in plain words, with its steps and what happens next', async () => {
    api.use(...signedIn);
    openPortal('/family/applications');
    const maya = await screen.findByRole('article', { name: 'Maya' });
    for (const text of ['Alpha Academy', 'Alpha North', 'K', '2027-2028', 'On the waiting list']) {
      expect(within(maya).getByText(text)).toBeInTheDocument();
    }
    expect(within(maya).getByText(/When a seat opens for your child/)).toBeInTheDocument();
    const steps = within(maya).getByRole('list', { name: 'Progress' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '✓Applieddone',
      '✓Lotterydone',
      '●Offernow',
      'Your answerto come',
      'Enrolledto come',
    ]);
    expect(items[2]).toHaveAttribute('aria-current', 'step');

    const leo = screen.getByRole('article', { name: 'Leo' });
    expect(within(leo).getByText('Seat offered')).toBeInTheDocument();
    expect(within(leo).getByText(/Please answer by Monday, March 15, 2027 at 11:59\sPM PDT/)).toBeInTheDocument();
    expect(within(leo).getByRole('link', { name: 'Details for Leo' })).toHaveAttribute(
      'href',
      '/family/applications/42',
    );
    expect(screen.getByText('Signed in as m•••@example.org')).toBeInTheDocument();
  });

  it('shows a move made meanwhile within 30 seconds, and at once when the page is shown again', async () => {
    let calls = 0;
    api.use(
      answer('get', '/family/session', SESSION),
      http.get('/api/family/applications', () => {
        calls += 1;
        return HttpResponse.json(calls === 1 ? [WAITING] : [{ ...OFFERED, id_application: 41, child: 'Maya' }]);
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      openPortal('/family/applications');
      expect(await screen.findByText('On the waiting list')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(REFRESH_MS);
      expect(await screen.findByText('Seat offered')).toBeInTheDocument();
      const before = calls;
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect(calls).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains the waiting place: position, group, lottery number, rank, what decides the order, the weeks', async () => {
    const messages = [{ at: '2027-03-02T15:00:00.000Z', channel: 'email' as const, subject: 'Lottery results' }];
    api.use(...signedIn, answer('get', '/family/applications/41', detail(WAITING, messages)));
    const user = openPortal('/family/applications');
    await user.click(await screen.findByRole('link', { name: 'Details for Maya' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Maya' })).toBeInTheDocument();
    const place = screen.getByRole('region', { name: 'Your place on the waiting list' });
    expect(within(place).getByText('Place on the list').nextSibling).toHaveTextContent('3');
    const facts = Object.fromEntries(
      within(place)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Priority group': 'Siblings',
      'Lottery number': '1,187',
      'Place in your priority group': '2',
    });
    expect(within(place).getByText(/by priority group first, then by lottery number/)).toBeInTheDocument();
    const table = within(place).getByRole('table', { name: 'Offers made from this waiting list each week' });
    // week 1 is each list's first week; this season is in week 4, last season's list moved until week 6
    expect(rowsOf(table)).toEqual([
      ['Week', 'This season', 'Last season (2026-2027)'],
      ['Week 1 (Mar 1)', '4', '2'],
      ['Week 2 (Mar 8)', '0', '3'],
      ['Week 3 (Mar 15)', '1', '0'],
      ['Week 4 (Mar 22)', '0', '0'],
      ['Week 5 (Mar 29)', 'to come', '0'],
      ['Week 6 (Apr 5)', 'to come', '1'],
    ]);
    // hidden inside a box of its own: a table is never narrower than its content, and would widen the phone's page
    expect(table).not.toHaveClass('visually-hidden');
    expect(table.parentElement).toHaveClass('visually-hidden');

    const received = screen.getByRole('region', { name: 'Messages you received' });
    expect(within(received).getByText('Lottery results')).toBeInTheDocument();
    expect(within(received).getByText(/Tuesday, March 2, 2027/)).toBeInTheDocument();
    expect(within(received).getByText(/E-mail/)).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Questions? Contact the campus' });
    expect(within(contact).getByRole('link', { name: '(602) 555-0142' })).toHaveAttribute('href', 'tel:6025550142');
    expect(within(contact).getByRole('link', { name: 'north@alpha.test' })).toHaveAttribute(
      'href',
      'mailto:north@alpha.test',
    );
  });
});

describe("the list's movement", () => {
  const waitingWith = (waiting: Partial<NonNullable<FamilyApplication['waiting']>>) =>
    detail({ ...WAITING, waiting: { ...WAITING.waiting!, ...waiting } });
  const showWaiting = (application: FamilyApplicationDetail, start?: Parameters<typeof openPortal>[1]) => {
    api.use(answer('get', '/family/session', SESSION), answer('get', '/family/applications/41', application));
    openPortal('/family/applications/41', start);
  };
  /** The chart of the application's waiting place, once shown. */
  const chartOf = (application: FamilyApplicationDetail, start?: Parameters<typeof openPortal>[1]) => {
    showWaiting(application, start);
    return screen.findByRole('figure');
  };

  it('draws both seasons, told apart by a legend, with last season’s bars hatched', async () => {
    const chart = await chartOf(detail(WAITING));
    expect(within(chart).getByRole('heading', { name: 'How far the list moved each week' })).toBeInTheDocument();
    const legend = chart.querySelector('.chart__legend');
    expect(legend).toHaveAttribute('aria-hidden', 'true');
    expect(legend).toHaveTextContent('This seasonLast season (2026-2027)');
    // six weeks, each with this season's place and last season's; a bar only where offers were made
    expect(chart.querySelectorAll('.chart__week')).toHaveLength(6);
    expect(chart.querySelectorAll('.chart__bar--now:not(.chart__swatch)')).toHaveLength(2);
    expect(chart.querySelectorAll('.chart__bar--last:not(.chart__swatch)')).toHaveLength(3);
    expect(within(chart).getByText('Week 1 is the week the waiting list began that school year.')).toBeVisible();
  });

  it('shows this season alone when there is no last season', async () => {
    const chart = await chartOf(waitingWith({ lastSeason: null }));
    expect(chart.querySelector('.chart__legend')).toBeNull();
    expect(rowsOf(within(chart).getByRole('table'))).toEqual([
      ['Week', 'This season'],
      ['Week 1 (Mar 1)', '4'],
      ['Week 2 (Mar 8)', '0'],
      ['Week 3 (Mar 15)', '1'],
      ['Week 4 (Mar 22)', '0'],
    ]);
    expect(chart.querySelectorAll('.chart__bar--last')).toHaveLength(0);
  });

  it('says when a season made no offers, and shows last season’s while this one has none yet', async () => {
    const chart = await chartOf(waitingWith({ movedPerWeek: [], thisWeek: 2 }));
    expect(within(chart).getByText('No offers have been made from this list yet this season.')).toBeInTheDocument();
    expect(rowsOf(within(chart).getByRole('table')).slice(1, 3)).toEqual([
      ['Week 1', '0', '2'],
      ['Week 2', '0', '3'],
    ]);
  });

  it('says so when neither season made an offer', async () => {
    showWaiting(
      waitingWith({ movedPerWeek: [], thisWeek: 2, lastSeason: { schoolYear: '2026-2027', movedPerWeek: [] } }),
    );
    expect(await screen.findByText('Last season (2026-2027), no offers were made from this list.')).toBeInTheDocument();
    expect(screen.getByText('No offers have been made from this list yet this season.')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads right to left in Arabic, the table in Arabic', async () => {
    // chosen in this browser: the session's English does not replace it
    localStorage.setItem('openseat-family-lng', 'ar');
    const chart = await chartOf(detail(WAITING), { lng: 'ar', messages: ar });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const table = within(chart).getByRole('table', { name: ar.movedCaption });
    expect(rowsOf(table)[0]).toEqual([ar.week, ar.thisSeason, 'الموسم الماضي (2026-2027)']);
  });
});

describe('answering an offer', () => {
  it('shows the deadline in the school’s time zone and the guardian’s language', async () => {
    api.use(answer('get', '/family/session', SESSION), answer('get', '/family/applications/42', detail(OFFERED)));
    // chosen in this browser: the session's English does not replace it
    localStorage.setItem('openseat-family-lng', 'es');
    openPortal('/family/applications/42', { lng: 'es', messages: es });
    const offer = await screen.findByRole('region', { name: 'Se le ofrece una plaza' });
    expect(offer).toHaveTextContent(
      /Responda antes del lunes, 15 de marzo de 2027,? 23:59 .*hora local de la escuela\./,
    );
    expect(document.documentElement).toHaveAttribute('lang', 'es');
  });

  it('accepts after confirming, sends the answer and shows the application again', async () => {
    let loads = 0;
    const sent = recorder('post', '/family/applications/42/answer', {});
    api.use(
      answer('get', '/family/session', SESSION),
      sent.handler,
      // accepted: the registration checklist is asked for (this period has none)
      answer('get', '/family/applications/42/registration', {
        id_application: 42,
        items: [],
        approved: 0,
        required: 0,
      }),
      http.get('/api/family/applications/42', () => {
        loads += 1;
        return HttpResponse.json(
          loads === 1
            ? detail(OFFERED)
            : detail({ ...OFFERED, stage: 'accepted', offer: { ...OFFERED.offer!, canAnswer: false } }),
        );
      }),
    );
    const user = openPortal('/family/applications/42');
    await user.click(await screen.findByRole('button', { name: 'Accept the seat' }));
    await waitFor(() => expect(screen.getByText(/Accept the seat for Leo at Alpha North\?/)).toHaveFocus());
    expect(sent.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }));

    expect(await screen.findByText('Thank you. You have accepted the seat.')).toBeInTheDocument();
    expect(sent.requests.map((r) => r.body)).toEqual([{ answer: 'accept' }]);
    expect(await screen.findByText('Seat accepted')).toBeInTheDocument();
    expect(loads).toBe(2);
    expect(screen.queryByRole('button', { name: 'Accept the seat' })).not.toBeInTheDocument();
  });

  it('declines with a reason from the school’s list, after confirming', async () => {
    let loads = 0;
    const sent = recorder('post', '/family/applications/42/answer', {});
    api.use(
      answer('get', '/family/session', SESSION),
      answer('get', '/family/applications/42/decline-reasons', REASONS),
      sent.handler,
      http.get('/api/family/applications/42', () => {
        loads += 1;
        return HttpResponse.json(detail(loads === 1 ? OFFERED : { ...OFFERED, stage: 'declined', offer: null }));
      }),
    );
    const user = openPortal('/family/applications/42');
    await user.click(await screen.findByRole('button', { name: 'Decline the seat' }));
    const reasons = await screen.findByRole('group', { name: 'Why are you declining the seat?' });
    await user.click(screen.getByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByText('Choose a reason.')).toBeInTheDocument();
    expect(sent.requests).toHaveLength(0);

    await user.click(within(reasons).getByRole('radio', { name: 'We chose another school' }));
    await user.click(screen.getByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByText('Your answer is recorded: you have declined the seat.')).toBeInTheDocument();
    expect(sent.requests.map((r) => r.body)).toEqual([{ answer: 'decline', id_decline_reason: 2 }]);
    expect(await screen.findByText('Seat declined')).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('shows the server’s message when the answer is refused', async () => {
    api.use(
      answer('get', '/family/session', SESSION),
      answer('get', '/family/applications/42', detail(OFFERED)),
      http.post('/api/family/applications/42/answer', () =>
        HttpResponse.json({ message: 'The time to answer this offer has passed.', code: 'CONFLICT' }, { status: 409 }),
      ),
    );
    const user = openPortal('/family/applications/42');
    await user.click(await screen.findByRole('button', { name: 'Accept the seat' }));
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The time to answer this offer has passed.');
  });
});

describe('registration after the seat is accepted', () => {
  const ACCEPTED: FamilyApplication = {
    ...OFFERED,
    id_application: 43,
    stage: 'accepted',
    offer: null,
    steps: OFFERED.steps.map((s) => (s.step === 'answer' ? { ...s, state: 'done' } : s)),
  };
  const PACKET: FamilyRegistration = {
    id_application: 43,
    approved: 1,
    required: 3,
    items: [
      {
        id_registration_item: 7,
        kind: 'form',
        required: true,
        label: 'Health',
        help: 'What the nurse should know.',
        state: 'to_do',
        returnedReason: null,
        form: {
          answers: {},
          fields: [
            { key: 'allergies', type: 'yes_no', label: 'Allergies?', required: true, showIf: null },
            {
              key: 'which',
              type: 'text',
              label: 'Which ones?',
              required: true,
              showIf: { field: 'allergies', equals: 'yes' },
            },
            { key: 'birth_date', type: 'date', label: 'Birth date', required: true, showIf: null },
          ],
        },
      },
      {
        id_registration_item: 8,
        kind: 'document',
        required: true,
        label: 'Birth certificate',
        help: null,
        state: 'returned',
        returnedReason: 'The page is cut off.',
        document: { types: ['pdf'], maxMb: 5 },
      },
      {
        id_registration_item: 9,
        kind: 'deposit',
        required: true,
        label: 'Deposit',
        help: null,
        state: 'approved',
        returnedReason: null,
      },
    ],
  };
  const signedInAccepted = [
    answer('get', '/family/session', SESSION),
    answer('get', '/family/applications/43', detail(ACCEPTED)),
    answer('get', '/family/applications/43/registration', PACKET),
  ];

  it('lists what is done and what is left, with the way to do each', async () => {
    api.use(...signedInAccepted);
    openPortal('/family/applications/43');
    const panel = await screen.findByRole('region', { name: 'Registration' });
    expect(within(panel).getByText('1 of 3 required items approved by the school')).toBeInTheDocument();
    expect(within(panel).getByText('The school says: The page is cut off.')).toBeInTheDocument();
    expect(within(panel).getByText('Approved')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Fill in: Health' })).toHaveAttribute(
      'href',
      '/family/applications/43/registration/7',
    );
  });

  it('asks what the answers lead to, names each problem, then sends the answers kept', async () => {
    const sent = recorder('put', '/family/applications/43/registration/forms/7', { message: 'ok' });
    api.use(sent.handler, ...signedInAccepted);
    const user = openPortal('/family/applications/43/registration/7');
    await findScreen('Health');
    expect(screen.queryByLabelText('Which ones?')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText('Which ones?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Some answers need your attention.');
    expect(screen.getByLabelText('Which ones?')).toHaveAccessibleDescription('Please answer this question.');
    expect(sent.requests).toHaveLength(0);
    await user.type(screen.getByLabelText('Which ones?'), ' Peanuts ');
    await user.type(screen.getByLabelText('Birth date'), '2020-02-29');
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    await screen.findByText('Thank you. The school will review your answers.');
    expect(sent.requests.map((r) => r.body)).toEqual([
      { answers: { allergies: 'yes', which: 'Peanuts', birth_date: '2020-02-29' } },
    ]);
    expect(window.location.pathname).toBe('/family/applications/43');
  });

  it('speaks Spanish', async () => {
    localStorage.setItem('openseat-family-lng', 'es');
    api.use(...signedInAccepted);
    openPortal('/family/applications/43/registration/7', { lng: 'es', messages: es });
    await findScreen('Health');
    expect(screen.getByRole('radio', { name: 'Sí' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar mis respuestas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la solicitud' })).toBeInTheDocument();
  });
});

describe('the session and the language', () => {
  it('goes back to the sign-in screen when a call answers 401', async () => {
    api.use(
      answer('get', '/family/session', SESSION),
      http.get('/api/family/applications', () =>
        HttpResponse.json({ message: 'Sign in', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    openPortal('/family/applications');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail or mobile phone')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/family');
  });

  it('signs out', async () => {
    const out = recorder('post', '/family/sign-out', {});
    api.use(...signedIn, out.handler);
    const user = openPortal('/family/applications');
    await screen.findByRole('article', { name: 'Maya' });
    api.use(signedOut);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('E-mail or mobile phone')).toBeInTheDocument();
    expect(out.requests).toHaveLength(1);
  });

  it('sets dir=rtl and lang=ar in Arabic', async () => {
    api.use(signedOut);
    openPortal('/family', { lng: 'ar', messages: ar });
    expect(await screen.findByLabelText('البريد الإلكتروني أو رقم الهاتف المحمول')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });

  it('changes language from the header: saved for the guardian, remembered here, the page turned right to left', async () => {
    const saved = recorder('put', '/family/language', {});
    api.use(...signedIn, saved.handler);
    const user = openPortal('/family/applications');
    await screen.findByRole('article', { name: 'Maya' });
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await user.selectOptions(screen.getByLabelText('Language'), 'ar');
    expect(await screen.findByRole('heading', { name: 'طلباتك' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(saved.requests.map((r) => r.body)).toEqual([{ lng: 'ar' }]);
    expect(localStorage.getItem('openseat-family-lng')).toBe('ar');
  });
});
