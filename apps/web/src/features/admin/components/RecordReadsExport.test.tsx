import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { api } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { RecordReadsExport } from './RecordReadsExport';

const t = i18n.t.bind(i18n);
let saved: string[] = [];
let asked: URLSearchParams[] = [];

beforeEach(() => {
  saved = [];
  asked = [];
  URL.createObjectURL = vi.fn(() => 'blob:reads');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  api.use(
    mock.get('/api/admin/record-reads/export', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if ((query.get('to') ?? '') < (query.get('from') ?? ''))
        return HttpResponse.json(
          {
            code: 'VALIDATION',
            message: 'Check the highlighted fields.',
            errors: [{ path: 'to', message: 'The end date must be on or after the start date.' }],
          },
          { status: 400 },
        );
      return new HttpResponse('read_at,how\n2026-11-20T10:00:00.000Z,view\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('RecordReadsExport', () => {
  it("downloads one user's reads between two dates, and shows the field's message when the range is backwards", async () => {
    const { user } = renderScreen(<RecordReadsExport />);
    const section = screen.getByRole('region', { name: t('admin.reads.title') });
    expect(section).toBeInTheDocument();
    await user.type(screen.getByLabelText(t('admin.reads.user')), '42');
    await user.type(screen.getByLabelText(t('admin.from')), '2026-11-01');
    await user.type(screen.getByLabelText(t('admin.to')), '2026-11-30');
    await user.click(screen.getByRole('button', { name: t('admin.reads.download') }));
    await vi.waitFor(() => expect(saved).toEqual(['record-reads-42.csv']));
    expect(Object.fromEntries(asked[0])).toEqual({ id_user: '42', from: '2026-11-01', to: '2026-11-30' });

    await user.clear(screen.getByLabelText(t('admin.to')));
    await user.type(screen.getByLabelText(t('admin.to')), '2026-10-01');
    await user.click(screen.getByRole('button', { name: t('admin.reads.download') }));
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });
});
