import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ErasurePreview } from '@openseat/shared/schemas/erasure';
import { i18n } from '../../../lib/i18n';
import { answer, api, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { ErasureDialog } from './ErasureDialog';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
const row = (id_application: number, name: string, campus: string) => ({
  id_application,
  correlative: id_application + 100,
  name,
  campus,
  schoolYear: '2026-2027',
  id_status: 2,
  anonymised: false,
});
const family: ErasurePreview = {
  scope: 'family',
  applications: [row(7, 'Qeldra Vexworth', 'North'), row(8, 'Torvin Vexworth', 'South')],
  files: 3,
  messages: 5,
};
const student: ErasurePreview = { scope: 'student', applications: [family.applications[0]], files: 1, messages: 2 };

describe('ErasureDialog', () => {
  it('shows what the family or the student covers, and deletes only once the last name is typed', async () => {
    api.use(answer('get', '/application/7/erasure', family));
    const erased = recorder('post', '/application/7/erasure', {
      message: 'The personal data of 2 applications was removed.',
    });
    api.use(erased.handler);
    const onErased = vi.fn();
    const { user } = renderScreen(
      <ErasureDialog id_application={7} lastName="Vexworth" onClose={() => {}} onErased={onErased} />,
    );
    const dialog = await screen.findByRole('dialog', { name: t('applications.erasure.title') });
    expect(await within(dialog).findByTestId('erasure-summary')).toHaveTextContent(
      t('applications.erasure.summary', { applications: 2, files: 3, messages: 5 }),
    );
    const covered = within(dialog).getByRole('list', { name: t('applications.erasure.covered') });
    expect(
      within(covered)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Qeldra Vexworth'), expect.stringContaining('Torvin Vexworth')]);

    api.use(answer('get', '/application/7/erasure', student));
    await user.click(within(dialog).getByRole('radio', { name: t('applications.erasure.scopes.student') }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('erasure-summary')).toHaveTextContent(
        t('applications.erasure.summary', { applications: 1, files: 1, messages: 2 }),
      ),
    );

    // a wrong name sends nothing
    const confirm = within(dialog).getByRole('textbox', {
      name: t('applications.erasure.confirm', { name: 'Vexworth' }),
    });
    await user.type(confirm, 'Plumtree');
    await user.click(within(dialog).getByRole('button', { name: t('applications.erasure.submit') }));
    expect(
      await within(dialog).findByText(t('applications.erasure.typeName', { name: 'Vexworth' })),
    ).toBeInTheDocument();
    expect(erased.requests).toEqual([]);

    await user.clear(confirm);
    await user.type(confirm, 'vexworth');
    await user.click(within(dialog).getByRole('button', { name: t('applications.erasure.submit') }));
    await waitFor(() =>
      expect(erased.requests.map((r) => r.body)).toEqual([{ scope: 'student', confirm: 'vexworth' }]),
    );
    await waitFor(() => expect(onErased).toHaveBeenCalled());
    expect(await screen.findByText('The personal data of 2 applications was removed.')).toBeInTheDocument();
  });
});
