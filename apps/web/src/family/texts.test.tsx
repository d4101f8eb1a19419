import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FamilyApplication, FamilySession } from '@openseat/shared/schemas/family';
import type { FamilySmsConsentSchool } from '@openseat/shared/schemas/sms-consent';
import { api, answer, recorder } from '../test/api';
import { findScreen, openPortal } from '../test/portal';
import es from './i18n/es';

/*
 * The family's own consent to texts (docs/privacy.md, "Messaging consent"): per school, the phones texted (mostly
 * hidden), a switch with what it means, a yes or no sent at once, and the history of the choice.
 */

const SESSION: FamilySession = { contact: 'm•••@example.org', lng: 'en' };
const ALPHA: FamilySmsConsentSchool = {
  id_school: 1,
  school: 'Alpha Academy',
  phones: ['•••• 3344'],
  granted: false,
  history: [],
};
const BETA: FamilySmsConsentSchool = {
  id_school: 2,
  school: 'Beta Charter',
  phones: [],
  granted: false,
  history: [],
};
const SAID_YES: FamilySmsConsentSchool = {
  ...ALPHA,
  granted: true,
  history: [
    { phone: '•••• 3344', granted: true, source: 'portal', at: '2027-03-02T15:00:00.000Z' },
    { phone: '•••• 3344', granted: false, source: 'stop', at: '2027-02-20T15:00:00.000Z' },
  ],
};
const WAITING: FamilyApplication = {
  id_application: 41,
  child: 'Maya',
  school: 'Alpha Academy',
  campus: 'Alpha North',
  grade: 'K',
  schoolYear: '2027-2028',
  stage: 'applied',
  steps: [],
  waiting: null,
  offer: null,
  contact: { phone: null, email: null },
};

afterEach(() => localStorage.clear());

describe('text messages in the family portal', () => {
  it('is reached from the header, says which phone and what a yes means, and sends the answer at once', async () => {
    const put = recorder('put', '/family/sms-consent', [SAID_YES, BETA]);
    api.use(
      answer('get', '/family/session', SESSION),
      answer('get', '/family/applications', [WAITING]),
      answer('get', '/family/sms-consent', [ALPHA, BETA]),
      put.handler,
    );
    const user = openPortal('/family/applications');
    await screen.findByRole('article', { name: 'Maya' });
    await user.click(screen.getByRole('link', { name: 'Text messages' }));
    await findScreen('Text messages');
    expect(window.location.pathname).toBe('/family/texts');

    const alpha = screen.getByRole('region', { name: 'Alpha Academy' });
    expect(within(alpha).getByText(/Texts go to/)).toHaveTextContent('Texts go to: •••• 3344');
    const toggle = within(alpha).getByRole('switch', { name: 'Text me about my applications at Alpha Academy' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'Message and data rates may apply. Reply STOP to any text to stop them, or START to get them again.',
    );
    expect(within(alpha).getByText(/No choice recorded yet/)).toBeInTheDocument();
    // a school without a phone on the applications: nothing to switch
    const beta = screen.getByRole('region', { name: 'Beta Charter' });
    expect(within(beta).queryByRole('switch')).toBeNull();
    expect(within(beta).getByText(/has a phone number, so the school cannot text you/)).toBeInTheDocument();

    await user.click(toggle);
    expect(await screen.findByText('Saved: Alpha Academy may text you.')).toBeInTheDocument();
    expect(put.requests.map((r) => r.body)).toEqual([{ granted: true, id_school: 1 }]);
    expect(within(alpha).getByRole('switch')).toBeChecked();
    const history = within(alpha).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/March 2, 2027.*Here, in the portal.*Yes$/),
      expect.stringMatching(/February 20, 2027.*You replied STOP.*No$/),
    ]);
  });

  it('says no as well, and shows a refusal in the alert', async () => {
    const put = recorder('put', '/family/sms-consent', { message: 'Something is off.' }, 400);
    api.use(answer('get', '/family/session', SESSION), answer('get', '/family/sms-consent', [SAID_YES]), put.handler);
    const user = openPortal('/family/texts');
    await findScreen('Text messages');
    await user.click(screen.getByRole('switch', { name: 'Text me about my applications at Alpha Academy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something is off.');
    expect(put.requests.map((r) => r.body)).toEqual([{ granted: false, id_school: 1 }]);
    expect(screen.getByRole('switch')).toBeChecked();
  });

  it('speaks Spanish', async () => {
    api.use(answer('get', '/family/session', { ...SESSION, lng: 'es' }), answer('get', '/family/sms-consent', [ALPHA]));
    openPortal('/family/texts', { lng: 'es', messages: es });
    await findScreen('Mensajes de texto');
    const toggle = screen.getByRole('switch', {
      name: 'Envíenme mensajes de texto sobre mis solicitudes en Alpha Academy',
    });
    expect(toggle).toHaveAccessibleDescription(/Responda STOP a cualquier mensaje/);
  });
});
