import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportFilePreview, ImportMappingList } from '@openseat/shared/schemas/import-files';
import { i18n } from '../../../lib/i18n';
import { answer, api, recorder } from '../../../test/api';
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
  headers: ['First Name', 'Last Name', 'Grade Level', 'Waitlist #', 'Comments'],
  rows: [
    { rowNumber: 3, cells: ['Ana', 'Ruiz', 'Kinder', '1', ''] },
    { rowNumber: 4, cells: ['Luis', 'Paz', '1st', '2', 'twin'] },
  ],
  mapping: {
    columns: {
      'First Name': 'studentFirstName',
      'Last Name': 'studentLastName',
      'Grade Level': 'grade',
      'Waitlist #': 'waitingListPosition',
    },
    values: { grade: { Kinder: 1 }, status: {}, campus: {} },
  },
  preset: null,
  unmapped: { grade: ['1st'], status: [], campus: [] },
};

const MAPPINGS: ImportMappingList = {
  saved: [],
  presets: [{ key: 'schoolmint', name: 'SchoolMint', columns: { 'First Name': 'studentFirstName' } }],
};

function open() {
  const saves = recorder('post', '/imports/mappings', { message: 'Saved.', data: {} });
  api.use(
    answer('post', '/imports/files', PREVIEW),
    answer('get', '/imports/mappings', MAPPINGS),
    answer('get', '/catalog/grade', [
      { id_grade: 1, name: 'K' },
      { id_grade: 2, name: '1' },
    ]),
    answer('get', '/catalog/campuses', []),
    saves.handler,
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

  it('maps a column and a grade by hand and saves the mapping under a name', async () => {
    const { user, saves } = open();
    await user.upload(screen.getByLabelText(t('imports.upload.file')), new File(['x'], 'waitlist.xlsx'));
    await user.click(screen.getByRole('button', { name: t('imports.upload.send') }));
    await screen.findByRole('region', { name: t('imports.mapping.title') });

    await user.click(screen.getByRole('combobox', { name: t('imports.mapping.fieldOf', { header: 'Comments' }) }));
    await user.click(await screen.findByRole('option', { name: t('imports.fields.notes') }));
    await user.click(screen.getByRole('combobox', { name: t('imports.values.theirs', { text: '1st' }) }));
    await user.click(await screen.findByRole('option', { name: '1' }));

    await user.click(screen.getByRole('button', { name: t('imports.mapping.save') }));
    expect(await screen.findByText(t('imports.mapping.nameRequired'))).toBeInTheDocument();
    expect(saves.requests).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: t('imports.mapping.saveName') }), 'Our waitlist');
    await user.click(screen.getByRole('button', { name: t('imports.mapping.save') }));
    await waitFor(() => expect(saves.requests).toHaveLength(1));
    expect(saves.requests[0].body).toEqual({
      name: 'Our waitlist',
      columns: { ...PREVIEW.mapping.columns, Comments: 'notes' },
      values: { grade: { Kinder: 1, '1st': 2 }, status: {}, campus: {} },
    });
  });
});
