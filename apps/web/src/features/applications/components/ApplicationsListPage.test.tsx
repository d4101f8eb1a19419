import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { LIST_TOTAL_BOUND, LIST_TYPE, STATUS } from '@openseat/shared/constants';
import { ApplicationPageSchema, type ApplicationRow } from '@openseat/shared/schemas/applications';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { LIST_SCREENS } from '../lists';
import ApplicationsListPage from './ApplicationsListPage';

const inbox = LIST_SCREENS.find((s) => s.type === LIST_TYPE.INBOX)!;

/** An inbox row as the server lists it (checked against the shared schema). */
const row = (id: number, firstName: string, lastName: string): ApplicationRow => ({
  id_application: id,
  correlative: 1000 + id,
  createdAt: '2026-10-05T15:00:00.000Z',
  id_campus: 10,
  campus: { id_campus: 10, name: 'Alpha North' },
  id_school_year: 3,
  id_campus_year: 30,
  applicant: {
    id_applicant: id,
    firstName,
    lastName,
    email: null,
    phoneNumber: null,
    guardianName: 'Gloria Guardian',
    guardianEmail: `${firstName.toLowerCase()}.family@example.org`,
    guardianPhoneNumber: null,
  },
  applicantName: `${firstName} ${lastName}`,
  email: `${firstName.toLowerCase()}.family@example.org`,
  phoneNumber: null,
  id_grade: 3,
  grade: { id_grade: 3, name: 'K', age: 5 },
  id_priority_item: null,
  id_status: STATUS.APPLIED,
  status: { id_status: STATUS.APPLIED, name: 'Applied' },
  waiting_list_position: null,
  lottery_number: null,
  lottery_level: null,
  offer_expires_at: null,
  waitingReason: null,
  read: true,
  lastMove: null,
  tags: [],
});

const page = (rows: ApplicationRow[]) =>
  ApplicationPageSchema.parse({ data: rows, total: rows.length, totalExact: true, page: 0, pageSize: 25 });

function openInbox(rows: ApplicationRow[]) {
  const list = recorder('get', '/application', page(rows));
  api.use(...campusContext, answer('get', '/user/filter', []), list.handler);
  return { ...renderScreen(<ApplicationsListPage screen={inbox} />, { path: '/applications' }), list };
}

describe('ApplicationsListPage (inbox)', () => {
  it("shows the working campus and period's applications, one row each", async () => {
    const { list } = openInbox([row(1, 'Ana', 'Alvarez'), row(2, 'Bruno', 'Baez')]);

    expect(await screen.findByText('Ana Alvarez')).toBeInTheDocument();
    expect(screen.getByText('Bruno Baez')).toBeInTheDocument();
    const table = screen.getByRole('table');
    // a header row and the two applications
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // asked for the inbox of the working campus and school year
    const query = list.requests.at(-1)!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      type: String(LIST_TYPE.INBOX),
      id_campus: '10',
      id_school_year: '3',
    });
  });

  it('says so when the list is empty', async () => {
    const { list } = openInbox([]);

    await waitFor(() => expect(list.requests.length).toBeGreaterThan(0));
    expect(await screen.findByText(i18n.t('common.noResults'))).toBeInTheDocument();
  });

  it('shows a total past the count bound as "2,000+", keeps paging, and counts them all when asked', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(i + 1, `Kid${i + 1}`, 'Many'));
    const asked: URLSearchParams[] = [];
    const list = http.get('/api/application', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const exact = query.get('exactTotal') === 'true';
      const total = exact ? 2345 : LIST_TOTAL_BOUND;
      return HttpResponse.json(
        ApplicationPageSchema.parse({ data: rows, total, totalExact: exact, page: 0, pageSize: 25 }),
      );
    });
    api.use(...campusContext, answer('get', '/user/filter', []), list);
    const { user } = renderScreen(<ApplicationsListPage screen={inbox} />, { path: '/applications' });

    const countAll = await screen.findByRole('button', { name: /^2,000\+/ });
    expect(countAll).toHaveTextContent('2,000+ (count them all)');
    expect(screen.getByText(/1–25 of/)).toBeInTheDocument();
    // the count stopped at the bound: the next page is open
    expect(screen.getByRole('button', { name: /next page/i })).toBeEnabled();
    expect(asked.every((q) => !q.has('exactTotal'))).toBe(true);

    await user.click(countAll);
    expect(await screen.findByText('1–25 of 2345')).toBeInTheDocument();
    expect(asked.at(-1)!.get('exactTotal')).toBe('true');
    expect(screen.queryByTestId('count-all')).toBeNull();
  });

  it('says "más de 2000" in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      const rows = Array.from({ length: 25 }, (_, i) => row(i + 1, `Kid${i + 1}`, 'Many'));
      const body = ApplicationPageSchema.parse({
        data: rows,
        total: LIST_TOTAL_BOUND,
        totalExact: false,
        page: 0,
        pageSize: 25,
      });
      api.use(...campusContext, answer('get', '/user/filter', []), answer('get', '/application', body));
      renderScreen(<ApplicationsListPage screen={inbox} />, { path: '/applications' });
      expect(await screen.findByRole('button', { name: /^más de 2000/ })).toBeInTheDocument();
      expect(screen.getByText(/1–25 de/)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
