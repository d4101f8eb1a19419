import { screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@openseat/shared/schemas/pagination';
import type { SisHandoffBatch, SisHandoffStudent } from '@openseat/shared/schemas/sis-handoff';
import { i18n } from '../../../lib/i18n';
import { answer, api, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import SisHandoffPage from './SisHandoffPage';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

const PERIOD = {
  id_campus_year: 30,
  id_school: 1,
  id_campus: 10,
  campus: { id_campus: 10, name: 'Alpha North' },
  id_school_year: 3,
  school_year: { id_school_year: 3, name: '2027-2028', year_one: 2027, year_two: 2028 },
};
const studentsPage = (page: number, names: string[]): Page<SisHandoffStudent> => ({
  data: names.map((name, i) => ({
    id_application: page * 100 + i,
    correlative: page * 100 + i,
    applicant: name,
    grade: '1st',
    id_status: 7,
    sentAt: i === 0 ? '2026-11-20T15:00:00.000Z' : null,
    sentBy: i === 0 ? 'Rosa Staff' : null,
  })),
  total: 60,
  page,
  pageSize: 25,
});
const BATCH: SisHandoffBatch = {
  id_sis_handoff: 9,
  id_campus_year: 30,
  format: 'powerschool',
  include: 'unsent',
  count: 2,
  createdAt: '2026-11-27T09:00:00.000Z',
  createdBy: 'Rosa Staff',
};

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:handoff');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

async function open() {
  const students = recorder('get', '/sis-handoff/students', studentsPage(0, ['Ana Handoff', 'Pablo Handoff']));
  api.use(
    answer('get', '/enrollment/campusYear', PERIOD),
    students.handler,
    answer('get', '/sis-handoff/batches', { data: [], total: 0, page: 0, pageSize: 10 }),
  );
  const view = renderScreen(<SisHandoffPage />, {
    path: '/main/enrollment-settings/:id_campus_year/sis',
    at: '/main/enrollment-settings/30/sis',
  });
  await screen.findByText('Ana Handoff');
  return { ...view, students };
}

describe('SisHandoffPage', () => {
  it('lists the students with their mark, paged on the server', async () => {
    const { user, students } = await open();
    const table = screen.getByRole('table', { name: t('sisHandoff.studentsTable') });
    expect(within(table).getByText('Rosa Staff')).toBeInTheDocument();
    expect(within(table).getAllByText(t('sisHandoff.notSent'))).toHaveLength(1);
    expect(students.requests[0].query.get('format')).toBe('powerschool');
    expect(students.requests[0].query.get('page')).toBe('0');
    await user.click(screen.getAllByRole('button', { name: /next page/i })[0]);
    await waitFor(() => expect(students.requests.some((r) => r.query.get('page') === '1')).toBe(true));
  });

  it('sends the students not yet sent by default, then downloads its file', async () => {
    const { user } = await open();
    const send = recorder('post', '/sis-handoff/batches', BATCH, 201);
    api.use(
      send.handler,
      mock.get(
        '/api/sis-handoff/batches/9/file',
        () =>
          new HttpResponse('Last_Name,First_Name\nHandoff,Ana\nHandoff,Pablo\n', {
            headers: { 'content-type': 'text/csv; charset=utf-8' },
          }),
      ),
    );
    await user.click(screen.getByRole('button', { name: t('sisHandoff.send') }));
    await screen.findByText(t('sisHandoff.downloaded', { count: 2 }));
    expect(send.requests[0].body).toEqual({ id_campus_year: 30, format: 'powerschool', include: 'unsent' });
    expect(saved).toEqual(['powerschool-students.csv']);
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    await open();
    expect(screen.getByRole('button', { name: 'Enviar y descargar' })).toBeInTheDocument();
    expect(screen.getByText('Solo los estudiantes aún no enviados en este formato')).toBeInTheDocument();
  });
});
