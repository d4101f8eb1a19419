import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportFilePreview, ImportMappingList } from '@openseat/shared/schemas/import-files';
import type { ImportBatch, ImportReport } from '@openseat/shared/schemas/imports';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext, recorder } from '../../../test/api';
import { EVERY_PERMISSION, renderScreen } from '../../../test/render';
import ImportPage from './ImportPage';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

const PREVIEW: ImportFilePreview = {
  id_import_file: 4,
  originalName: 'waitlist.xlsx',
  kind: 'xlsx',
  size: 2048,
  createdAt: '2027-01-10T10:00:00Z',
  sheets: ['Applicants', 'Notes'],
  sheet: 'Applicants',
  headerRowNumber: 2,
  headers: ['First Name', 'Last Name', 'Grade Level', 'Waitlist #', 'Comments', 'Priority'],
  rows: [
    { rowNumber: 3, cells: ['Ana', 'Ruiz', 'Kinder', '1', '', 'Sibling'] },
    { rowNumber: 4, cells: ['Luis', 'Paz', '1st', '2', 'twin', 'Teacher kid'] },
  ],
  mapping: {
    columns: {
      'First Name': 'studentFirstName',
      'Last Name': 'studentLastName',
      'Grade Level': 'grade',
      'Waitlist #': 'waitingListPosition',
      Priority: 'priority',
    },
    values: { grade: { Kinder: 1 }, status: {}, campus: {}, priority: { Sibling: 1 } },
  },
  preset: null,
  unmapped: { grade: ['1st'], status: [], campus: [], priority: ['Teacher kid'] },
};

const MAPPINGS: ImportMappingList = {
  saved: [],
  presets: [{ key: 'schoolmint', name: 'SchoolMint', columns: { 'First Name': 'studentFirstName' } }],
};

/** The page, the extra handlers answering before the usual ones. */
function open(...extra: Parameters<typeof api.use>) {
  const saves = recorder('post', '/imports/mappings', { message: 'Saved.', data: {} });
  api.use(
    ...extra,
    answer('post', '/imports/files', PREVIEW),
    answer('get', '/imports/mappings', MAPPINGS),
    answer('get', '/catalog/grade', [
      { id_grade: 1, name: 'K' },
      { id_grade: 2, name: '1' },
    ]),
    answer('get', '/catalog/campuses', []),
    answer('get', '/catalog/priority-item', [
      { id_priority_item: 1, name: 'sibling' },
      { id_priority_item: 2, name: 'staff child' },
    ]),
    saves.handler,
    ...campusContext,
    answer('get', '/imports/batches', { data: [], total: 0, page: 0, pageSize: 10 }),
  );
  return { ...renderScreen(<ImportPage />, { path: '/main/imports', permissions: EVERY_PERMISSION }), saves };
}

describe('ImportPage', () => {
  it('asks for a file first, then shows each column with its samples and guessed field', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: t('imports.upload.send') }));
    expect(await screen.findByText(t('imports.upload.chooseFirst'))).toBeInTheDocument();

    await user.upload(screen.getByLabelText(t('imports.upload.file')), new File(['x'], 'waitlist.xlsx'));
    await user.click(screen.getByRole('button', { name: t('imports.upload.send') }));
    const mapping = await screen.findByRole('region', { name: t('imports.mapping.title') });
    expect(within(mapping).getByText('Kinder · 1st')).toBeInTheDocument();
    expect(
      within(mapping).getByRole('combobox', { name: t('imports.mapping.fieldOf', { header: 'Grade Level' }) }),
    ).toHaveTextContent(t('imports.fields.grade'));
    expect(
      within(mapping).getByRole('combobox', { name: t('imports.mapping.fieldOf', { header: 'Comments' }) }),
    ).toHaveTextContent(t('imports.mapping.notImported'));
    // the grade the preview could not match waits for a choice
    const unmatched = within(mapping).getByRole('combobox', { name: t('imports.values.theirs', { text: '1st' }) });
    expect(unmatched).toHaveAccessibleDescription(t('imports.values.unmatched'));
  });

  it('maps a column, a grade and a priority word by hand and saves the mapping under a name', async () => {
    const { user, saves } = open();
    await user.upload(screen.getByLabelText(t('imports.upload.file')), new File(['x'], 'waitlist.xlsx'));
    await user.click(screen.getByRole('button', { name: t('imports.upload.send') }));
    await screen.findByRole('region', { name: t('imports.mapping.title') });

    await user.click(screen.getByRole('combobox', { name: t('imports.mapping.fieldOf', { header: 'Comments' }) }));
    await user.click(await screen.findByRole('option', { name: t('imports.fields.notes') }));
    await user.click(screen.getByRole('combobox', { name: t('imports.values.theirs', { text: '1st' }) }));
    await user.click(await screen.findByRole('option', { name: '1' }));
    const priorities = screen.getByRole('region', { name: t('imports.values.priority') });
    await user.click(
      within(priorities).getByRole('combobox', { name: t('imports.values.theirs', { text: 'Teacher kid' }) }),
    );
    await user.click(await screen.findByRole('option', { name: t('priorityItems.staff child') }));

    await user.click(screen.getByRole('button', { name: t('imports.mapping.save') }));
    expect(await screen.findByText(t('imports.mapping.nameRequired'))).toBeInTheDocument();
    expect(saves.requests).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: t('imports.mapping.saveName') }), 'Our waitlist');
    await user.click(screen.getByRole('button', { name: t('imports.mapping.save') }));
    await waitFor(() => expect(saves.requests).toHaveLength(1));
    expect(saves.requests[0].body).toEqual({
      name: 'Our waitlist',
      columns: { ...PREVIEW.mapping.columns, Comments: 'notes' },
      values: { grade: { Kinder: 1, '1st': 2 }, status: {}, campus: {}, priority: { Sibling: 1, 'Teacher kid': 2 } },
    });
  });
});

const REPORT: ImportReport = {
  counts: { new: 2, duplicate: 1, refused: 1 },
  problems: [{ rowNumber: 5, column: 'guardianEmail', message: 'emailInvalid' }],
  duplicates: [
    {
      row: {
        rowNumber: 4,
        id_application: null,
        correlative: null,
        firstName: 'Luis',
        lastName: 'Paz',
        dateOfBirth: '2021-03-02',
        guardianName: 'Rosa Paz',
        guardianEmail: 'rosa@example.org',
        guardianPhoneNumber: null,
      },
      other: {
        rowNumber: null,
        id_application: 88,
        correlative: 1042,
        firstName: 'Luis',
        lastName: 'Paz',
        dateOfBirth: '2021-03-02',
        guardianName: null,
        guardianEmail: 'rosa@example.org',
        guardianPhoneNumber: '+15125550101',
      },
      reason: 'email',
    },
  ],
  overfilled: [],
};

const batch = (status: ImportBatch['status']): ImportBatch => ({
  id_import_batch: 6,
  id_campus: 10,
  id_school_year: 3,
  id_user: 7,
  status,
  total: 3,
  processed: status === 'pending' ? 0 : 3,
  created: 2,
  merged: 1,
  skipped: 0,
  refused: 1,
  error: null,
  createdAt: '2027-01-10T10:05:00Z',
  committedAt: status === 'done' ? '2027-01-10T10:05:03Z' : null,
  undoneAt: null,
});

describe('ImportPage: check, decide, import', () => {
  it('checks every row, names the bad ones, asks a decision for each duplicate, then imports with progress', async () => {
    const dryRuns = recorder('post', '/imports/files/4/dry-run', REPORT);
    const commits = recorder('post', '/imports/files/4/commit', batch('pending'), 202);
    const { user } = open(dryRuns.handler, commits.handler, answer('get', '/imports/batches/6', batch('done')));
    await user.upload(screen.getByLabelText(t('imports.upload.file')), new File(['x'], 'waitlist.xlsx'));
    await user.click(screen.getByRole('button', { name: t('imports.upload.send') }));
    const check = await screen.findByRole('region', { name: t('imports.check.title') });
    // the working context's school year and the campus user's own campus
    await waitFor(() =>
      expect(within(check).getByRole('combobox', { name: t('imports.check.schoolYear') })).toHaveTextContent(
        '2027-2028',
      ),
    );
    await user.click(within(check).getByRole('button', { name: t('imports.check.run') }));

    const problems = await within(check).findByRole('table', { name: t('imports.report.problems') });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent(/^5Guardian e-mailEnter a valid email\.$/);
    expect(within(check).getByText(t('imports.report.refused', { count: 1, n: '1' }))).toBeInTheDocument();
    expect(dryRuns.requests[0].body).toMatchObject({ id_school_year: 3, id_campus: 10, sheet: 'Applicants' });

    const pair = screen.getByRole('region', { name: t('imports.duplicates.pair', { row: 4 }) });
    expect(within(pair).getByText(t('imports.duplicates.inOpenSeat', { number: 1042 }))).toBeInTheDocument();
    expect(within(pair).getByText('+15125550101')).toBeInTheDocument();
    const commit = screen.getByRole('button', { name: t('imports.commit.run', { count: 2 }) });
    expect(commit).toBeDisabled();
    expect(screen.getByText(t('imports.commit.blockedDecisions', { count: 1 }))).toBeInTheDocument();

    await user.click(within(pair).getByRole('radio', { name: t('imports.duplicates.action.merge') }));
    expect(commit).toBeEnabled();
    await user.click(commit);
    await user.click(await screen.findByRole('button', { name: t('imports.commit.confirmLabel') }));
    expect(
      await screen.findByText(t('imports.commit.done', { created: 2, merged: 1, skipped: 0 }), { exact: false }),
    ).toBeInTheDocument();
    // the report is spent: its rows are in
    expect(commit).toBeDisabled();
    expect(commits.requests[0].body).toMatchObject({
      id_school_year: 3,
      id_campus: 10,
      decisions: [{ rowNumber: 4, action: 'merge' }],
    });
  });

  it('drops the report when the mapping changes: it no longer says what the import would do', async () => {
    const dryRuns = recorder('post', '/imports/files/4/dry-run', REPORT);
    const { user } = open(dryRuns.handler);
    await user.upload(screen.getByLabelText(t('imports.upload.file')), new File(['x'], 'waitlist.xlsx'));
    await user.click(screen.getByRole('button', { name: t('imports.upload.send') }));
    await user.click(await screen.findByRole('button', { name: t('imports.check.run') }));
    expect(await screen.findByTestId('import-report')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: t('imports.mapping.fieldOf', { header: 'Comments' }) }));
    await user.click(await screen.findByRole('option', { name: t('imports.fields.notes') }));
    expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('imports.commit.run', { count: 2 }) })).not.toBeInTheDocument();
  });

  it('undoes a finished import after a confirmation', async () => {
    const undos = recorder('post', '/imports/batches/6/undo', batch('undone'));
    const { user } = open(
      undos.handler,
      answer('get', '/imports/batches', { data: [batch('done')], total: 1, page: 0, pageSize: 10 }),
    );
    const list = await screen.findByRole('table', { name: t('imports.batches.title') });
    await user.click(await within(list).findByRole('button', { name: t('imports.batches.undo') }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      t('imports.batches.undoConsequence', { created: 2, merged: 1 }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t('imports.batches.undo') }));
    await waitFor(() => expect(undos.requests).toHaveLength(1));
  });
});
