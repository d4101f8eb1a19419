import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate } from '@openseat/shared/messages';
import {
  RetentionPreviewSchema,
  RetentionRunSchema,
  RetentionSettingsSchema,
  type RetentionPreview,
  type RetentionRun,
  type RetentionSettings,
} from '@openseat/shared/schemas/retention';
import { i18n } from '../../../lib/i18n';
import { answer, api, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { RetentionPanel } from './RetentionPanel';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

const settings = (retention_years: number | null): RetentionSettings =>
  RetentionSettingsSchema.parse({ id_school: 1, retention_years, lastRun: null });
const preview: RetentionPreview = RetentionPreviewSchema.parse({
  retention_years: 2,
  currentSchoolYear: '2026-2027',
  periods: [
    {
      id_school_year: 1,
      schoolYear: '2024-2025',
      id_campus: 3,
      campus: 'North',
      applications: 12,
      files: 4,
      messages: 30,
    },
  ],
  totals: { applications: 12, files: 4, messages: 30, accessRows: 2 },
});
const run = (over: Partial<RetentionRun>): RetentionRun =>
  RetentionRunSchema.parse({
    id_retention_run: 7,
    trigger: 'manual',
    status: 'done',
    retention_years: 2,
    total: 12,
    applications: 12,
    files: 4,
    messages: 30,
    accessRows: 2,
    user: 'Ada Admin',
    error: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    finishedAt: '2026-11-27T10:01:00.000Z',
    ...over,
  });

const open = (years: number | null, runs: RetentionRun[] = []) => {
  api.use(
    answer('get', '/retention/settings', settings(years)),
    answer('get', '/retention/preview', preview),
    answer('get', '/retention/runs', runs),
  );
  return renderScreen(<RetentionPanel id_school={1} />);
};

describe('RetentionPanel', () => {
  it('shows the policy off, the preview per school year and campus, and no run allowed while off', async () => {
    open(null);
    const years = await screen.findByRole('textbox', { name: t('retention.years') });
    expect(years).toHaveValue('');
    expect(screen.getByText(t('retention.off'))).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: t('retention.preview') });
    expect(within(table).getByText('2024-2025')).toBeInTheDocument();
    expect(within(table).getByText('North')).toBeInTheDocument();
    expect(screen.getByTestId('retention-totals')).toHaveTextContent(t('retention.totals', preview.totals));
    expect(screen.getByRole('button', { name: t('retention.runNow') })).toBeDisabled();
    expect(await screen.findByText(t('retention.noRuns'))).toBeInTheDocument();
  });

  it('saves the years as the shared request, and shows the refusal on the field', async () => {
    const { user } = open(null);
    const refused = recorder(
      'put',
      '/retention/settings',
      {
        code: 'VALIDATION',
        message: translate('retentionYearsRange', 'en'),
        errors: [{ path: 'retention_years', message: translate('retentionYearsRange', 'en') }],
      },
      400,
    );
    api.use(refused.handler);
    const years = await screen.findByRole('textbox', { name: t('retention.years') });
    await user.type(years, '99');
    await user.click(screen.getByRole('button', { name: t('retention.save') }));
    await waitFor(() => expect(refused.requests.map((r) => r.body)).toEqual([{ id_school: 1, retention_years: 99 }]));
    await waitFor(() => expect(years).toHaveAccessibleDescription(translate('retentionYearsRange', 'en')));

    const saved = recorder('put', '/retention/settings', { message: 'Saved.', data: settings(2) });
    api.use(saved.handler);
    await user.clear(years);
    await user.type(years, '2');
    await user.click(screen.getByRole('button', { name: t('retention.save') }));
    await waitFor(() => expect(saved.requests.map((r) => r.body)).toEqual([{ id_school: 1, retention_years: 2 }]));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('runs only after the destructive confirmation names how many applications go', async () => {
    const { user } = open(2, [run({})]);
    const started = recorder('post', '/retention/runs', {
      message: 'The retention run has started.',
      data: run({ id_retention_run: 8, status: 'pending', applications: 0, files: 0, messages: 0, accessRows: 0 }),
    });
    api.use(started.handler);
    const runs = await screen.findByRole('table', { name: t('retention.runs') });
    expect(await within(runs).findByText('Ada Admin')).toBeInTheDocument();
    expect(within(runs).getByText(t('retention.statuses.done'))).toBeInTheDocument();

    const button = screen.getByRole('button', { name: t('retention.runNow') });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: t('retention.confirmTitle') });
    expect(dialog).toHaveTextContent(t('retention.confirmConsequence', { applications: 12 }));
    await user.click(within(dialog).getByRole('button', { name: t('common.cancel') }));
    expect(started.requests).toEqual([]);

    await user.click(button);
    const again = await screen.findByRole('dialog', { name: t('retention.confirmTitle') });
    await user.click(within(again).getByRole('button', { name: t('retention.confirm') }));
    await waitFor(() => expect(started.requests.map((r) => r.body)).toEqual([{ id_school: 1 }]));
    expect(await screen.findByText('The retention run has started.')).toBeInTheDocument();
  });

  it('shows a run under way with its progress and keeps "run now" off meanwhile', async () => {
    open(2, [run({ status: 'working', applications: 5, total: 12 })]);
    const progress = await screen.findByRole('progressbar', { name: t('retention.progress', { done: 5, total: 12 }) });
    expect(progress).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('retention.runNow') })).toBeDisabled();
  });
});
