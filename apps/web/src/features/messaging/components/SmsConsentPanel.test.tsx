import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate } from '@openseat/shared/messages';
import type { SmsConsent } from '@openseat/shared/schemas/sms-consent';
import { i18n } from '../../../lib/i18n';
import { answer, api, recorder } from '../../../test/api';
import { EVERY_PERMISSION, renderScreen } from '../../../test/render';
import { SmsConsentPanel } from './SmsConsentPanel';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
const PHONE = '+16025550142';
const none: SmsConsent = { phone: PHONE, granted: false, history: [] };
const given: SmsConsent = {
  phone: PHONE,
  granted: true,
  history: [
    {
      granted: true,
      source: 'staff',
      note: 'Said yes at the front desk',
      recordedBy: 'Ada Staff',
      at: '2026-11-27T15:00:00.000Z',
    },
    { granted: false, source: 'stop', note: null, recordedBy: null, at: '2026-11-20T15:00:00.000Z' },
  ],
};

describe('SmsConsentPanel', () => {
  it('shows no consent, and records one only with where it came from', async () => {
    api.use(answer('get', '/application/9/sms-consent', none));
    const { user } = renderScreen(<SmsConsentPanel id_application={9} />);
    expect(await screen.findByText(t('messaging.smsConsent.textsTo', { phone: PHONE }))).toBeInTheDocument();
    expect(screen.getByTestId('sms-consent-state')).toHaveTextContent(t('messaging.smsConsent.notAllowed'));

    const saved = recorder('post', '/application/9/sms-consent', given);
    api.use(saved.handler);
    await user.click(screen.getByRole('button', { name: t('messaging.smsConsent.grant') }));
    const dialog = await screen.findByRole('dialog', { name: t('messaging.smsConsent.grantTitle') });
    // the shared schema refuses a consent without its source before anything is sent
    await user.click(within(dialog).getByRole('button', { name: t('messaging.smsConsent.grant') }));
    const note = within(dialog).getByRole('textbox', { name: new RegExp(t('messaging.smsConsent.source')) });
    await waitFor(() => expect(note).toHaveAccessibleDescription(translate('required', 'en')));
    expect(saved.requests).toEqual([]);

    await user.type(note, 'Said yes at the front desk');
    await user.click(within(dialog).getByRole('button', { name: t('messaging.smsConsent.grant') }));
    await waitFor(() =>
      expect(saved.requests.map((r) => r.body)).toEqual([{ granted: true, note: 'Said yes at the front desk' }]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('sms-consent-state')).toHaveTextContent(t('messaging.smsConsent.allowed')),
    );
  });

  it('lists the history, who recorded each change and how; withdrawing needs no reason', async () => {
    api.use(answer('get', '/application/9/sms-consent', given));
    const { user } = renderScreen(<SmsConsentPanel id_application={9} />);
    await user.click(await screen.findByRole('button', { name: t('messaging.smsConsent.showHistory', { count: 2 }) }));
    const history = screen.getByRole('list', { name: t('messaging.smsConsent.history') });
    const entries = within(history).getAllByTestId('sms-consent-entry');
    expect(entries[0]).toHaveTextContent('Said yes at the front desk');
    expect(entries[0]).toHaveTextContent('Ada Staff');
    expect(entries[1]).toHaveTextContent(t('messaging.smsConsent.sources.stop'));
    expect(entries[1]).toHaveTextContent(t('messaging.smsConsent.byFamily'));

    const withdrawn = recorder('post', '/application/9/sms-consent', { ...none, history: given.history });
    api.use(withdrawn.handler);
    await user.click(screen.getByRole('button', { name: t('messaging.smsConsent.withdraw') }));
    const dialog = await screen.findByRole('dialog', { name: t('messaging.smsConsent.withdrawTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('messaging.smsConsent.withdraw') }));
    await waitFor(() => expect(withdrawn.requests.map((r) => r.body)).toEqual([{ granted: false, note: null }]));
  });

  it('offers no change to staff who cannot edit the family, and says when there is no phone', async () => {
    api.use(answer('get', '/application/9/sms-consent', given));
    renderScreen(<SmsConsentPanel id_application={9} />, {
      permissions: EVERY_PERMISSION.filter((rule) => !(rule.subject === 'application' && rule.action === 'edit_info')),
    });
    expect(await screen.findByTestId('sms-consent-state')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('messaging.smsConsent.withdraw') })).toBeNull();
  });

  it('says when the application has no phone to text', async () => {
    api.use(answer('get', '/application/9/sms-consent', { phone: null, granted: false, history: [] }));
    renderScreen(<SmsConsentPanel id_application={9} />);
    expect(await screen.findByText(t('messaging.smsConsent.noPhone'))).toBeInTheDocument();
    expect(screen.queryByTestId('sms-consent-change')).toBeNull();
  });
});
