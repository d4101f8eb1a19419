import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FamilyApplicationDetail, FamilySession } from '@openseat/shared/schemas/family';
import type { DocumentUpload, FamilyRegistration } from '@openseat/shared/schemas/registration';
import { api, answer } from '../../test/api';
import { findScreen, openPortal } from '../../test/portal';
import en from '../i18n/en';
import vi from '../i18n/vi';
import { CHUNK_BYTES } from './DocumentUpload';

/*
 * The document upload of the registration checklist, in jsdom against msw: the accepted types stated and offered
 * to the pickers (the camera too), the file sent in chunks with progress, and a dropped connection resumed from
 * what the server holds.
 */

const SESSION: FamilySession = { contact: 'm•••@example.org', lng: 'en' };
const APPLICATION = { id_application: 43, child: 'Maya', messages: [] } as unknown as FamilyApplicationDetail;
const UPLOAD = 'ab'.repeat(16);

const packet = (types: Array<'pdf' | 'jpeg' | 'png'>, file: null | { name: string } = null): FamilyRegistration => ({
  id_application: 43,
  approved: 0,
  required: 1,
  items: [
    {
      id_registration_item: 8,
      kind: 'document',
      required: true,
      label: 'Birth certificate',
      help: 'A scan or a photo of every page.',
      state: file ? 'returned' : 'to_do',
      returnedReason: file ? 'The page is cut off.' : null,
      document: {
        types,
        maxMb: 3,
        file: file && {
          name: file.name,
          type: 'application/pdf',
          size: 10,
          uploadedAt: '2027-05-01T10:00:00.000Z',
          url: '/api/family/applications/43/registration/documents/8',
        },
      },
    },
  ],
});

function openItem(registration: FamilyRegistration, messages = en) {
  api.use(
    answer('get', '/family/session', SESSION),
    answer('get', '/family/applications/43', APPLICATION),
    answer('get', '/family/applications/43/registration', registration),
  );
  return openPortal('/family/applications/43/registration/8', { lng: messages === en ? 'en' : 'vi', messages }, false);
}

/** The server's side: the upload opened, then each chunk (its Content-Range kept), failing where `fails` says. */
function server(size: number, fails: (call: number) => boolean) {
  const ranges: string[] = [];
  let received = 0;
  const state = (done = false): DocumentUpload => ({ id_upload: UPLOAD, size, received, receiving: false, done });
  api.use(
    http.post('/api/family/applications/43/registration/documents/8/uploads', () => HttpResponse.json(state())),
    http.get(`/api/family/applications/43/registration/uploads/${UPLOAD}`, () => HttpResponse.json(state())),
    http.put(`/api/family/applications/43/registration/uploads/${UPLOAD}`, async ({ request }) => {
      const range = request.headers.get('content-range')!;
      ranges.push(range);
      const bytes = (await request.arrayBuffer()).byteLength;
      if (fails(ranges.length)) return HttpResponse.error();
      received += bytes;
      return HttpResponse.json(state(received === size));
    }),
  );
  return ranges;
}

describe('uploading a document', () => {
  it('states the types and size, and offers them to the file picker and the camera', async () => {
    openItem(packet(['pdf', 'jpeg'], { name: 'first-try.pdf' }));
    await findScreen('Birth certificate');
    expect(screen.getByText('Accepted files: PDF, JPEG, up to 3 MB.')).toBeInTheDocument();
    expect(screen.getByText('The school says: The page is cut off.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the file you sent' })).toHaveAttribute(
      'href',
      '/api/family/applications/43/registration/documents/8',
    );
    const picker = screen.getByLabelText('Choose a file');
    expect(picker).toHaveAttribute('accept', 'application/pdf,.pdf,image/jpeg,.jpg,.jpeg');
    expect(picker).toHaveAccessibleDescription('Accepted files: PDF, JPEG, up to 3 MB.');
    const camera = screen.getByLabelText('Take a photo');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/jpeg,.jpg,.jpeg');
  });

  it('offers no camera for a PDF-only item', async () => {
    openItem(packet(['pdf']));
    await screen.findByLabelText('Choose a file');
    expect(screen.queryByLabelText('Take a photo')).not.toBeInTheDocument();
  });

  it('sends the file in chunks, and after a dropped connection continues from what the server holds', async () => {
    const size = 2 * CHUNK_BYTES + 1000;
    const ranges = server(size, (call) => call === 2);
    const user = openItem(packet(['pdf']));
    await user.upload(await screen.findByLabelText('Choose a file'), new File([new Uint8Array(size)], 'scan.pdf'));
    await user.click(screen.getByRole('button', { name: 'Send the document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload stopped');
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', String(CHUNK_BYTES));
    expect(screen.getByText(/Sent 1\.0 of 2\.0 MB \(49%, part 1 of 3\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Thank you. The school will review your document.');
    expect(window.location.pathname).toBe('/family/applications/43');
    const last = size - 1;
    expect(ranges).toEqual([
      `bytes 0-${CHUNK_BYTES - 1}/${size}`,
      `bytes ${CHUNK_BYTES}-${2 * CHUNK_BYTES - 1}/${size}`,
      `bytes ${CHUNK_BYTES}-${2 * CHUNK_BYTES - 1}/${size}`,
      `bytes ${2 * CHUNK_BYTES}-${last}/${size}`,
    ]);
  });

  it('refuses a file larger than the item allows before sending anything', async () => {
    const ranges = server(1, () => false);
    const user = openItem(packet(['pdf']));
    await user.upload(
      await screen.findByLabelText('Choose a file'),
      new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'huge.pdf'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This file is larger than 3 MB.');
    expect(screen.getByRole('button', { name: 'Send the document' })).toBeDisabled();
    expect(ranges).toEqual([]);
  });

  it('speaks Vietnamese', async () => {
    localStorage.setItem('openseat-family-lng', 'vi');
    openItem(packet(['pdf', 'png']), vi);
    expect(await screen.findByLabelText('Chọn một tệp')).toBeInTheDocument();
    expect(screen.getByText('Tệp được chấp nhận: PDF, PNG, tối đa 3 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gửi tài liệu' })).toBeInTheDocument();
    localStorage.clear();
  });
});
