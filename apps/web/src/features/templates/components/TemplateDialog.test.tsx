import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '@openseat/shared/messages';
import { CampusTextMessageRowSchema, type CampusTextMessageRow } from '@openseat/shared/schemas/communication';
import { i18n } from '../../../lib/i18n';
import { api, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { TemplateDialog } from './TemplateDialog';

const t = (key: string) => i18n.t(key);

/** A saved SMS template as the server answers it (checked against the shared schema). */
const savedSms = (): CampusTextMessageRow =>
  CampusTextMessageRowSchema.parse({
    id_campus_text_message: 31,
    id_campus: 10,
    id_status_from: null,
    id_status_to: null,
    text_message: { id_text_message: 5, name: 'Welcome', text: 'Hi', id_text_message_type: 2, lng: 'en', fields: [] },
  });

/** Types `text` into the field named `label` at once (a paste: typing key by key re-renders the dialog each time). */
async function fill(user: ReturnType<typeof renderScreen>['user'], label: string, text: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.paste(text);
}

async function chooseOption(user: ReturnType<typeof renderScreen>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  // the options come from a catalog request: wait for them
  await user.click(await within(screen.getByRole('listbox')).findByRole('option', { name: option }));
}

describe('TemplateDialog (SMS)', () => {
  it('sends the typed template as the shared request schema, then closes with the server notice', async () => {
    const save = recorder('post', '/sms/campus', { message: 'Template created', data: savedSms() });
    api.use(save.handler);
    const onClose = vi.fn();
    const { user } = renderScreen(<TemplateDialog kind="sms" id_campus={10} row={null} onClose={onClose} />);

    await fill(user, t('templates.name'), 'Welcome');
    await chooseOption(user, t('templates.type'), t('templates.types.2'));
    await fill(user, t('templates.text'), 'Hello there');
    await user.click(screen.getByRole('button', { name: t('common.save') }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save.requests.map((r) => r.body)).toEqual([
      {
        id_campus: 10,
        name: 'Welcome',
        lng: 'en',
        text: 'Hello there',
        id_status_from: null,
        id_status_to: null,
        id_text_message_type: 2,
      },
    ]);
    expect(await screen.findByText('Template created')).toBeInTheDocument();
  });

  it('offers the six family languages, named in the staff language, and writes Arabic right to left', async () => {
    const save = recorder('post', '/sms/campus', { message: 'Template created', data: savedSms() });
    api.use(save.handler);
    const onClose = vi.fn();
    const { user } = renderScreen(<TemplateDialog kind="sms" id_campus={10} row={null} onClose={onClose} />);

    await user.click(screen.getByRole('combobox', { name: t('templates.language') }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'English',
      'Spanish',
      'Vietnamese (Tiếng Việt)',
      'Simplified Chinese (简体中文)',
      'Haitian Creole (Kreyòl ayisyen)',
      'Arabic (العربية)',
    ]);
    await user.click(options[5]);
    const text = screen.getByRole('textbox', { name: t('templates.text') });
    expect(text).toHaveAttribute('dir', 'rtl');
    expect(text).toHaveAttribute('lang', 'ar');
    await fill(user, t('templates.name'), 'عرض');
    await chooseOption(user, t('templates.type'), t('templates.types.2'));
    await fill(user, t('templates.text'), 'مرحبًا');
    await user.click(screen.getByRole('button', { name: t('common.save') }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save.requests.map((r) => (r.body as { lng: string }).lng)).toEqual(['ar']);
  });

  it('refuses a status change template without the move it is sent on, before any request', async () => {
    const save = recorder('post', '/sms/campus', { message: 'Template created', data: savedSms() });
    api.use(save.handler);
    const onClose = vi.fn();
    const { user } = renderScreen(<TemplateDialog kind="sms" id_campus={10} row={null} onClose={onClose} />);

    await fill(user, t('templates.name'), 'Offered');
    await fill(user, t('templates.text'), 'A seat');
    await user.click(screen.getByRole('button', { name: t('common.save') }));

    expect(await screen.findByText(translate('templateNeedsMove', 'en'))).toBeInTheDocument();
    expect(save.requests).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server refusal and stays open', async () => {
    const save = recorder(
      'put',
      '/sms/campus/31',
      { code: 'CONFLICT', message: 'Another template already has this name.', errors: [] },
      409,
    );
    api.use(save.handler);
    const onClose = vi.fn();
    const { user } = renderScreen(<TemplateDialog kind="sms" id_campus={10} row={savedSms()} onClose={onClose} />);

    expect(screen.getByRole('textbox', { name: t('templates.name') })).toHaveValue('Welcome');
    await user.click(screen.getByRole('button', { name: t('common.save') }));

    await waitFor(() => expect(save.requests).toHaveLength(1));
    expect(await screen.findByText('Another template already has this name.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
