import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeclineReasonsSchema, type DeclineReasons } from '@openseat/shared/schemas/decline-reasons';
import { translate } from '@openseat/shared/messages';
import { i18n } from '../../../lib/i18n';
import { answer, api, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { DeclineReasonsPanel } from './DeclineReasonsPanel';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

const builtIn: DeclineReasons = DeclineReasonsSchema.parse({
  id_school: 1,
  builtIn: true,
  reasons: [
    { id_decline_reason: 1, labels: { en: 'We chose another school', es: 'Elegimos otra escuela', vi: 'Khác' } },
    { id_decline_reason: 2, labels: { en: 'We are moving away', es: 'Nos vamos a mudar' } },
  ],
});
const own = (labels: Array<{ en: string; es?: string }>): DeclineReasons =>
  DeclineReasonsSchema.parse({
    id_school: 1,
    builtIn: false,
    reasons: labels.map((l, i) => ({ id_decline_reason: 100 + i, labels: l })),
  });

const reason = (n: number) => screen.getByRole('group', { name: t('declineReasons.reason', { n }) });
const field = (n: number, language: string) =>
  within(reason(n)).getByRole('textbox', { name: t(`declineReasons.languages.${language}`) });

async function open() {
  const view = renderScreen(<DeclineReasonsPanel id_school={1} />);
  await screen.findByRole('group', { name: t('declineReasons.reason', { n: 1 }) });
  return view;
}

describe('DeclineReasonsPanel', () => {
  it('shows the built-in reasons with the note, English and Spanish in view, the rest folded', async () => {
    api.use(answer('get', '/decline-reasons', builtIn));
    const { user } = await open();
    expect(screen.getByTestId('decline-reasons-built-in')).toHaveTextContent(t('declineReasons.builtIn'));
    expect(field(1, 'en')).toHaveValue('We chose another school');
    expect(field(1, 'es')).toHaveValue('Elegimos otra escuela');
    const more = within(reason(1)).getByRole('button', { name: t('declineReasons.moreLanguages') });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(field(1, 'vi')).toHaveValue('Khác');
    expect(field(1, 'ar')).toHaveAttribute('dir', 'rtl');
  });

  it('edits, adds, moves and removes, then saves the list in order as the shared request', async () => {
    api.use(answer('get', '/decline-reasons', builtIn));
    const saved = own([{ en: 'Too far' }, { en: 'We are moving away', es: 'Nos vamos a mudar' }]);
    const save = recorder('put', '/decline-reasons', { message: 'Saved.', data: saved });
    api.use(save.handler);
    const { user } = await open();

    await user.click(screen.getByRole('button', { name: t('declineReasons.add') }));
    await user.type(field(3, 'en'), 'Too far');
    await user.click(screen.getByRole('button', { name: t('declineReasons.remove', { n: 1 }) }));
    await user.click(screen.getByRole('button', { name: t('declineReasons.moveUp', { n: 2 }) }));
    await user.click(screen.getByRole('button', { name: t('declineReasons.save') }));

    await waitFor(() => expect(save.requests).toHaveLength(1));
    expect(save.requests[0].body).toEqual({
      id_school: 1,
      reasons: [
        { labels: { en: 'Too far', es: null, vi: null, zh: null, ht: null, ar: null } },
        { labels: { en: 'We are moving away', es: 'Nos vamos a mudar', vi: null, zh: null, ht: null, ar: null } },
      ],
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(screen.queryByTestId('decline-reasons-built-in')).not.toBeInTheDocument();
  });

  it('refuses an empty English label before any request and marks the field', async () => {
    api.use(answer('get', '/decline-reasons', builtIn));
    const save = recorder('put', '/decline-reasons', { message: 'Saved.', data: builtIn });
    api.use(save.handler);
    const { user } = await open();
    await user.clear(field(2, 'en'));
    await user.click(screen.getByRole('button', { name: t('declineReasons.save') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('declineReasons.fixErrors'));
    expect(field(2, 'en')).toHaveAccessibleDescription(translate('required', 'en'));
    expect(save.requests).toEqual([]);
  });

  it("shows the server's refusal and its field errors, also in a folded language", async () => {
    api.use(answer('get', '/decline-reasons', own([{ en: 'Too far' }])));
    const save = recorder(
      'put',
      '/decline-reasons',
      {
        code: 'BAD_REQUEST',
        message: 'Check the fields.',
        errors: [{ path: 'reasons.0.labels.zh', message: 'Too long.' }],
      },
      400,
    );
    api.use(save.handler);
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: t('declineReasons.save') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the fields.');
    expect(within(reason(1)).getByRole('button', { name: t('declineReasons.moreLanguages') })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(field(1, 'zh')).toHaveAccessibleDescription('Too long.');
  });

  it('asks before saving an empty list, then goes back to the built-in reasons', async () => {
    api.use(answer('get', '/decline-reasons', own([{ en: 'Too far' }])));
    const save = recorder('put', '/decline-reasons', { message: 'Saved.', data: builtIn });
    api.use(save.handler);
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: t('declineReasons.remove', { n: 1 }) }));
    expect(screen.getByText(t('declineReasons.empty'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('declineReasons.save') }));
    const dialog = await screen.findByRole('dialog', { name: t('declineReasons.confirmEmptyTitle') });
    expect(save.requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: t('declineReasons.confirmEmptyAction') }));
    await waitFor(() => expect(save.requests.map((r) => r.body)).toEqual([{ id_school: 1, reasons: [] }]));
    expect(await screen.findByTestId('decline-reasons-built-in')).toBeInTheDocument();
    await waitFor(() => expect(field(1, 'en')).toHaveValue('We chose another school'));
  });

  it('stops adding at twelve reasons', async () => {
    const twelve = own(Array.from({ length: 12 }, (_, i) => ({ en: `Reason ${i}` })));
    api.use(answer('get', '/decline-reasons', twelve));
    await open();
    expect(screen.getByRole('button', { name: t('declineReasons.add') })).toBeDisabled();
    expect(screen.getByText(t('declineReasons.max', { max: 12 }))).toBeInTheDocument();
  });
});
