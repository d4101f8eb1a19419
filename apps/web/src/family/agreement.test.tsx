import { createHash } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { AGREEMENT_CONSENT } from '@openseat/shared/agreement-consent';
import type { FamilyApplication, FamilyApplicationDetail, FamilySession } from '@openseat/shared/schemas/family';
import type { CosignAgreement, FamilyRegistration } from '@openseat/shared/schemas/registration';
import { api, answer, recorder } from '../test/api';
import { findScreen, openPortal } from '../test/portal';
import ar from './i18n/ar';

/*
 * Signing an agreement in the portal (docs/registration.md): the text, the consent sentence beside its checkbox, the
 * full name, the hash of the text shown sent with them; the second guardian invited, and signing from their link.
 */

const TEXT = 'The family follows the handbook.\nPhotos may be taken at school events.';
const HASH = createHash('sha256').update(TEXT).digest('hex');
const SESSION: FamilySession = { contact: 'm•••@example.org', lng: 'en' };
const ACCEPTED: FamilyApplication = {
  id_application: 43,
  child: 'Leo',
  school: 'Alpha Academy',
  campus: 'Alpha North',
  grade: '1st',
  schoolYear: '2027-2028',
  stage: 'accepted',
  steps: [
    { step: 'applied', state: 'done' },
    { step: 'lottery', state: 'skipped' },
    { step: 'offer', state: 'done' },
    { step: 'answer', state: 'done' },
    { step: 'enrolled', state: 'upcoming' },
  ],
  waiting: null,
  offer: null,
  contact: { phone: null, email: null },
};
const DETAIL: FamilyApplicationDetail = { ...ACCEPTED, messages: [] };

type Agreement = NonNullable<FamilyRegistration['items'][number]['agreement']>;
const packetWith = (agreement: Partial<Agreement>, state: 'to_do' | 'submitted' = 'to_do'): FamilyRegistration => ({
  id_application: 43,
  approved: 0,
  required: 1,
  items: [
    {
      id_registration_item: 12,
      kind: 'agreement',
      required: true,
      label: 'Family handbook',
      help: null,
      state,
      returnedReason: null,
      agreement: {
        text: TEXT,
        signers: 'one',
        documentHash: HASH,
        signatures: [],
        waiting: false,
        invitation: null,
        previous: null,
        ...agreement,
      },
    },
  ],
});
const SIGNED = {
  id_registration_signature: 5,
  fullName: 'Ana López',
  role: 'first' as const,
  signedAt: '2027-04-02T15:04:00.000Z',
  documentHash: HASH,
  pdfHash: 'b'.repeat(64),
};

const signedIn = (packet: FamilyRegistration) => [
  answer('get', '/family/session', SESSION),
  answer('get', '/family/applications/43', DETAIL),
  answer('get', '/family/applications/43/registration', packet),
];

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

describe('signing an agreement', () => {
  it('links to the agreement from the registration panel', async () => {
    api.use(...signedIn(packetWith({})));
    openPortal('/family/applications/43');
    const panel = await screen.findByRole('region', { name: 'Registration' });
    expect(within(panel).getByRole('link', { name: 'Read and sign: Family handbook' })).toHaveAttribute(
      'href',
      '/family/applications/43/agreements/12',
    );
  });

  it('asks for the consent and the name, then sends them with the hash of the text shown', async () => {
    const sent = recorder('post', '/family/applications/43/registration/agreements/12/sign', { message: 'ok' });
    api.use(sent.handler, ...signedIn(packetWith({})));
    const user = openPortal('/family/applications/43/agreements/12');
    await findScreen('Family handbook');
    const text = screen.getByRole('region', { name: 'The text of Family handbook' });
    expect(text).toHaveTextContent('Photos may be taken at school events.');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Some answers need your attention.');
    expect(screen.getByRole('checkbox', { name: AGREEMENT_CONSENT.en })).toHaveAccessibleDescription(
      'Tick the box to agree before signing.',
    );
    expect(screen.getByRole('textbox', { name: 'Your full name' })).toHaveAccessibleDescription(
      'Type your first and last name: it is your signature. Type your full name.',
    );
    expect(sent.requests).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: AGREEMENT_CONSENT.en }));
    await user.type(screen.getByRole('textbox', { name: 'Your full name' }), '  Ana López ');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByText('Thank you. Your signature is saved.');
    expect(sent.requests.map((r) => r.body)).toEqual([
      { fullName: 'Ana López', consent: true, documentHash: HASH, lng: 'en' },
    ]);
    expect(window.location.pathname).toBe('/family/applications/43');
  });

  it('shows the server’s refusal of a changed agreement', async () => {
    const refused = recorder(
      'post',
      '/family/applications/43/registration/agreements/12/sign',
      { message: 'The school changed this agreement since it was shown. Read the new text and sign again.' },
      409,
    );
    api.use(refused.handler, ...signedIn(packetWith({})));
    const user = openPortal('/family/applications/43/agreements/12');
    await user.click(await screen.findByRole('checkbox', { name: AGREEMENT_CONSENT.en }));
    await user.type(screen.getByRole('textbox', { name: 'Your full name' }), 'Ana López');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The school changed this agreement since it was shown.');
    expect(window.location.pathname).toBe('/family/applications/43/agreements/12');
  });

  it('waits for the second guardian: says so, and invites them by e-mail', async () => {
    const invited = recorder('post', '/family/applications/43/registration/agreements/12/invite', { message: 'ok' });
    api.use(invited.handler, ...signedIn(packetWith({ signers: 'two', signatures: [SIGNED], waiting: true })));
    const user = openPortal('/family/applications/43/agreements/12');
    await findScreen('Family handbook');
    expect(screen.getByText('Waiting for another signature')).toBeInTheDocument();
    expect(screen.getByText(/^Signed by Ana López on /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'The other guardian signs too' });
    await user.type(within(form).getByRole('textbox', { name: "The other guardian's e-mail" }), 'pat@example.org');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    await screen.findByText('The invitation is on its way.');
    expect(invited.requests.map((r) => r.body)).toEqual([{ email: 'pat@example.org' }]);
  });

  it('shows the version signed before the school changed the text, apart, and asks a new signature', async () => {
    api.use(...signedIn(packetWith({ text: `${TEXT}\nA new rule.`, previous: { text: TEXT, signatures: [SIGNED] } })));
    const user = openPortal('/family/applications/43/agreements/12');
    await findScreen('Family handbook');
    expect(screen.getByText(/The school changed this agreement after it was signed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign' })).toBeInTheDocument();
    await user.click(screen.getByText('The version signed before the change'));
    expect(screen.getByText(/^Signed by Ana López on /)).toBeVisible();
  });

  it('reads right to left in Arabic, the consent sentence in Arabic', async () => {
    localStorage.setItem('openseat-family-lng', 'ar');
    api.use(...signedIn(packetWith({})), answer('get', '/family/session', { ...SESSION, lng: 'ar' }));
    openPortal('/family/applications/43/agreements/12', { lng: 'ar', messages: ar });
    expect(await screen.findByRole('checkbox', { name: AGREEMENT_CONSENT.ar })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'توقيع' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe("the second guardian's link", () => {
  const OPENED: CosignAgreement = {
    id_application: 43,
    applicant: 'Leo',
    school: 'Alpha Academy',
    label: 'Family handbook',
    text: TEXT,
    documentHash: HASH,
  };

  it('opens that one agreement without a session, and signs it with the link’s token', async () => {
    const opened = recorder('post', '/family/cosign', OPENED);
    const signed = recorder('post', '/family/cosign/sign', { message: 'ok' });
    api.use(opened.handler, signed.handler);
    const token = 'T'.repeat(43);
    const user = openPortal(`/family/cosign/${token}?to=43`);
    await findScreen('Family handbook');
    expect(
      screen.getByText('The other guardian of Leo asks you to sign this agreement for Alpha Academy.'),
    ).toBeInTheDocument();
    expect(opened.requests.map((r) => r.body)).toContainEqual({ id_application: 43, token, lng: 'en' });
    await user.click(screen.getByRole('checkbox', { name: AGREEMENT_CONSENT.en }));
    await user.type(screen.getByRole('textbox', { name: 'Your full name' }), 'Pat Other');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('The school has both signatures now. You can close this page.')).toBeInTheDocument();
    expect(signed.requests.map((r) => r.body)).toEqual([
      { fullName: 'Pat Other', consent: true, documentHash: HASH, lng: 'en', id_application: 43, token },
    ]);
  });

  it('says a spent, expired or foreign link is no longer good', async () => {
    api.use(
      http.post('/api/family/cosign', () => HttpResponse.json({ message: 'gone', code: 'NOT_FOUND' }, { status: 404 })),
    );
    openPortal(`/family/cosign/${'U'.repeat(43)}?to=43`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This signing link has expired, was already used');
  });
});
