import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FamilyRegistration } from '@openseat/shared/schemas/registration';
import { i18n } from '../../../lib/i18n';
import { api, recorder } from '../../../test/api';
import { EVERY_PERMISSION, renderScreen } from '../../../test/render';
import PacketReviewPage from './PacketReviewPage';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

const PACKET: FamilyRegistration = {
  id_application: 101,
  approved: 0,
  required: 2,
  items: [
    {
      id_registration_item: 5,
      kind: 'form',
      required: true,
      label: 'Health',
      help: null,
      state: 'submitted',
      returnedReason: null,
      form: {
        fields: [
          { key: 'allergies', type: 'yes_no', label: 'Allergies?', required: true, showIf: null },
          {
            key: 'which',
            type: 'text',
            label: 'Which ones?',
            required: true,
            showIf: { field: 'allergies', equals: 'yes' },
          },
          {
            key: 'lunch',
            type: 'choice',
            label: 'Lunch',
            required: true,
            showIf: null,
            choices: [
              { value: 'home', label: 'From home' },
              { value: 'school', label: 'School lunch' },
            ],
          },
        ],
        answers: { allergies: 'yes', which: 'Peanuts', lunch: 'school' },
      },
    },
    {
      id_registration_item: 6,
      kind: 'document',
      required: true,
      label: 'Birth certificate',
      help: null,
      state: 'returned',
      returnedReason: 'Unreadable scan.',
      document: {
        types: ['pdf'],
        maxMb: 5,
        file: {
          name: 'birth.pdf',
          type: 'application/pdf',
          size: 204_800,
          uploadedAt: '2027-03-01T10:00:00Z',
          url: '/api/registration/applications/101/items/6/document',
        },
      },
    },
    {
      id_registration_item: 8,
      kind: 'agreement',
      required: false,
      label: 'Handbook',
      help: null,
      state: 'submitted',
      returnedReason: null,
      agreement: {
        text: 'We agree.',
        signers: 'two',
        documentHash: 'ab'.repeat(32),
        signatures: [
          {
            id_registration_signature: 3,
            fullName: 'Ana Ruiz',
            role: 'first',
            signedAt: '2027-03-01T10:05:00Z',
            documentHash: 'ab'.repeat(32),
            pdfHash: 'cd'.repeat(32),
          },
        ],
        waiting: true,
        invitation: { email: 'j•••@example.org', expiresAt: '2027-03-08T10:05:00Z' },
        previous: null,
      },
    },
    {
      id_registration_item: 7,
      kind: 'deposit',
      required: false,
      label: 'Deposit',
      help: null,
      state: 'to_do',
      returnedReason: null,
    },
  ],
};

const PATH = '/main/registration-reviews/applications/:id';
function open(packet: FamilyRegistration = PACKET, permissions = EVERY_PERMISSION) {
  const reads = recorder('get', '/registration/applications/101', packet);
  const decisions = recorder('put', '/registration/applications/101/items/:item/review', {
    message: 'Decision saved.',
  });
  api.use(reads.handler, decisions.handler);
  const view = renderScreen(<PacketReviewPage />, {
    path: PATH,
    at: '/main/registration-reviews/applications/101?period=30',
    permissions,
  });
  return { ...view, reads, decisions };
}
const section = (name: string) => screen.getByRole('region', { name });

describe('PacketReviewPage', () => {
  it('shows each item with its state and what the family sent, the form’s answers in words', async () => {
    open();
    await screen.findByRole('region', { name: 'Health' });
    const health = section('Health');
    expect(within(health).getByText(t('registration.review.states.submitted'))).toBeInTheDocument();
    expect(within(health).getByText('Allergies?').nextSibling).toHaveTextContent('Yes');
    expect(within(health).getByText('Which ones?').nextSibling).toHaveTextContent('Peanuts');
    expect(within(health).getByText('Lunch').nextSibling).toHaveTextContent('School lunch');
    // a document: the file's facts and its download
    const certificate = section('Birth certificate');
    expect(within(certificate).getByText('Returned: Unreadable scan.')).toBeInTheDocument();
    expect(within(certificate).getByText(/^birth\.pdf · 200 kB · sent /)).toBeInTheDocument();
    expect(
      within(certificate).getByRole('button', {
        name: t('registration.review.downloadOf', { item: 'Birth certificate' }),
      }),
    ).toBeInTheDocument();
    // a PDF is not shown inline: only images are
    expect(within(certificate).queryByRole('button', { name: /Show the image/ })).not.toBeInTheDocument();
    // an agreement: who signed, each signed PDF, and the signature still awaited
    const handbook = section('Handbook');
    expect(within(handbook).getByText(/^Signed by Ana Ruiz, guardian, /)).toBeInTheDocument();
    expect(
      within(handbook).getByRole('button', { name: t('registration.review.signedPdfOf', { name: 'Ana Ruiz' }) }),
    ).toBeInTheDocument();
    expect(within(handbook).getByText(/invitation sent to j•••@example\.org/)).toBeInTheDocument();
    expect(within(certificate).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(
      within(section('Deposit')).getByRole('button', {
        name: t('registration.review.markReceivedItem', { item: 'Deposit' }),
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('packet-progress')).toHaveTextContent('0 of 2 required items approved');
  });

  it('returns an item only with a reason, confirmed in a dialog, then reads the packet again', async () => {
    const { user, reads, decisions } = open();
    await screen.findByRole('region', { name: 'Health' });
    await user.click(screen.getByRole('button', { name: t('registration.review.returnItem', { item: 'Health' }) }));
    const dialog = await screen.findByRole('dialog', {
      name: t('registration.review.returnTitle', { item: 'Health' }),
    });
    await user.click(within(dialog).getByRole('button', { name: t('registration.review.returnAction') }));
    // the reason is required: nothing sent
    expect(await within(dialog).findByText('Required field.')).toBeInTheDocument();
    expect(decisions.requests).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: t('registration.review.reason') }),
      'Please say which.',
    );
    await user.click(within(dialog).getByRole('button', { name: t('registration.review.returnAction') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(decisions.requests.map((r) => r.body)).toEqual([{ decision: 'return', reason: 'Please say which.' }]);
    await waitFor(() => expect(reads.requests.length).toBeGreaterThan(1));
  });

  it('approves, and says when the last required item is approved without moving the application', async () => {
    const done: FamilyRegistration = {
      ...PACKET,
      approved: 2,
      items: PACKET.items.map((i) => (i.required ? { ...i, state: 'approved', returnedReason: null } : i)),
    };
    const { user, decisions } = open({ ...PACKET, items: [PACKET.items[0]], required: 1 });
    await screen.findByRole('region', { name: 'Health' });
    api.use(recorder('get', '/registration/applications/101', done).handler);
    await user.click(screen.getByRole('button', { name: t('registration.review.approveItem', { item: 'Health' }) }));
    await waitFor(() => expect(decisions.requests.map((r) => r.body)).toEqual([{ decision: 'approve' }]));
    expect(await screen.findByTestId('packet-complete')).toHaveTextContent(t('registration.review.complete'));
    expect(within(screen.getByTestId('packet-complete')).getByRole('link')).toHaveAttribute(
      'href',
      '/main/applications/selected-list/101',
    );
  });

  it('shows no decisions to a user who may not move to enrolled', async () => {
    open(
      PACKET,
      EVERY_PERMISSION.filter((p) => !(p.subject === 'selected_list' && p.action === 'move_to_enrolled')),
    );
    await screen.findByRole('region', { name: 'Health' });
    expect(screen.queryByRole('button', { name: /Approve|Return|Mark/ })).not.toBeInTheDocument();
  });
});
