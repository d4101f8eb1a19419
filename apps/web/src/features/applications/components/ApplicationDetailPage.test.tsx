import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LIST_TYPE, STATUS } from '@openseat/shared/constants';
import { ApplicationDetailSchema, type ApplicationDetail } from '@openseat/shared/schemas/applications';
import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext, recorder } from '../../../test/api';
import { EVERY_PERMISSION, renderScreen } from '../../../test/render';
import { LIST_SCREENS } from '../lists';
import ApplicationDetailPage from './ApplicationDetailPage';
import { MoveDialog } from './MoveDialog';

const inbox = LIST_SCREENS.find((s) => s.type === LIST_TYPE.INBOX)!;

/** Application 7 as GET /application/7 answers it (checked against the shared schema). */
const detail = (over: Partial<ApplicationDetail> = {}): ApplicationDetail =>
  ApplicationDetailSchema.parse({
    id_application: 7,
    correlative: 1007,
    createdAt: '2026-10-05T15:00:00.000Z',
    updatedAt: '2026-10-06T15:00:00.000Z',
    anonymisedAt: null,
    applicant: {
      id_applicant: 70,
      firstName: 'Ana',
      lastName: 'Alvarez',
      email: null,
      phoneNumber: null,
      dateOfBirth: '2021-03-04',
      address: null,
      addressStreet: null,
      addressCity: null,
      addressState: null,
      addressZip: null,
      gender: null,
      ethnicity: null,
      actualSchool: null,
      sisterSchool: null,
      id_guardian_type: null,
      guardianType: null,
      guardianName: 'Gloria Alvarez',
      guardianEmail: 'gloria.family@example.org',
      guardianPhoneNumber: '+14805550100',
      guardianAddress: null,
      guardianOccupation: null,
      guardianDateOfBirth: null,
      guardianLanguage: 'en',
    },
    id_grade: 3,
    grade: { id_grade: 3, name: 'K', age: 5 },
    id_priority_item: null,
    priority_item: null,
    id_status: STATUS.APPLIED,
    status: { id_status: STATUS.APPLIED, name: 'Applied' },
    statuses: [
      {
        id_application_status: 701,
        id_status: STATUS.APPLIED,
        status: { id_status: STATUS.APPLIED, name: 'Applied' },
        id_status_from: null,
        statusFrom: null,
        waiting_list_position: null,
        read: true,
        statusMovementType: { id_status_movement_type: 1, name: 'Manual' },
        author: { id_user: 9, name: 'Rita Registrar' },
        createdAt: '2026-10-05T15:00:00.000Z',
      },
    ],
    lastDeletedStatus: [],
    previousStatus: null,
    allowedStatuses: [STATUS.OFFERED],
    waiting_list_position: null,
    lottery_number: null,
    lottery_level: null,
    offer_expires_at: null,
    waitingReason: null,
    siblings: [],
    read: true,
    id_campus: 10,
    campuses: [{ campus: { id_campus: 10, name: 'Alpha North', school: { id_school: 1, name: 'Alpha Academy' } } }],
    id_school_year: 3,
    school_year: { id_school_year: 3, name: '2027-2028', year_one: 2027, year_two: 2028 },
    id_campus_year: 30,
    periodState: 'started',
    applicationTag: [],
    applicationFiles: [],
    notes: [],
    event_date: null,
    event_preference: null,
    sibling_priority: false,
    copiedFrom: null,
    campaign_id: null,
    ad_id: null,
    platform: null,
    heard_from: null,
    origin: null,
    ...over,
  });

/** The detail at /main/applications/:id, in the working context of the signed-in campus user. */
/** Every permission but the audit log's: the record's readers are another test's. */
const STAFF = EVERY_PERMISSION.filter((rule) => rule.subject !== 'audit_log');

const openDetail = (id = 7, permissions = STAFF) => {
  api.use(...campusContext);
  return renderScreen(
    <ApplicationDetailPage screen={inbox} renderCommunication={() => null} renderSubmissions={() => null} />,
    { path: '/main/applications/:id', at: `/main/applications/${id}`, permissions },
  );
};

describe('ApplicationDetailPage', () => {
  it('shows who applied, where it stands and who moved it', async () => {
    api.use(answer('get', '/application/7', detail()));
    openDetail();

    expect(await screen.findByRole('heading', { name: 'Ana Alvarez · #1007' })).toBeInTheDocument();
    expect(screen.getByTestId('application-status')).toHaveTextContent(i18n.t(`statuses.${STATUS.APPLIED}`));
    expect(screen.getByText('gloria.family@example.org')).toBeInTheDocument();
    expect(screen.getByText('Rita Registrar')).toBeInTheDocument();
  });

  it('names the family for an answer given in the family portal, and the system for an offer that lapsed', async () => {
    const row = (id: number, to: number, movement: number) => ({
      id_application_status: id,
      id_status: to,
      status: { id_status: to, name: 'x' },
      id_status_from: STATUS.OFFERED,
      statusFrom: { id_status: STATUS.OFFERED, name: 'Offered' },
      waiting_list_position: null,
      read: true,
      statusMovementType: { id_status_movement_type: movement, name: 'x' },
      author: null,
      createdAt: '2026-10-06T15:00:00.000Z',
    });
    api.use(
      answer(
        'get',
        '/application/7',
        detail({
          statuses: [
            row(702, STATUS.CONFIRMED, MOVEMENT_TYPE.GUARDIAN),
            row(703, STATUS.DECLINED, MOVEMENT_TYPE.OFFER_EXPIRED),
          ],
        }),
      ),
    );
    openDetail();
    const history = await screen.findByTestId('status-history');
    expect(history).toHaveTextContent(i18n.t('applications.byGuardian'));
    expect(history).toHaveTextContent(i18n.t('applications.bySystem'));
  });

  it('shows who saw the record, newest first, to those who read the audit log only', async () => {
    const readers = recorder('get', '/application/7/readers', {
      data: [
        {
          at: '2026-11-20T18:00:00.000Z',
          how: 'portal',
          detail: null,
          reader: { kind: 'guardian', contact: 'g•••@example.org' },
        },
        {
          at: '2026-11-19T15:00:00.000Z',
          how: 'download',
          detail: 'birth.pdf',
          reader: { kind: 'staff', name: 'Rita Registrar', email: 'rita@alpha.example.org' },
        },
      ],
      total: 2,
      page: 0,
      pageSize: 10,
    });
    api.use(answer('get', '/application/7', detail()), readers.handler);
    const { unmount } = openDetail(7, EVERY_PERMISSION);
    const table = await screen.findByTestId('record-readers');
    expect(
      await within(table).findByText(i18n.t('applications.readers.guardian', { contact: 'g•••@example.org' })),
    ).toBeInTheDocument();
    expect(within(table).getByText('Rita Registrar · rita@alpha.example.org')).toBeInTheDocument();
    expect(
      within(table).getByText(i18n.t('applications.readers.kinds.download', { detail: 'birth.pdf' })),
    ).toBeInTheDocument();
    unmount();

    openDetail(
      7,
      EVERY_PERMISSION.filter((rule) => rule.subject !== 'audit_log'),
    );
    expect(await screen.findByRole('heading', { name: 'Ana Alvarez · #1007' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: i18n.t('applications.readers.title') })).toBeNull();
    expect(readers.requests).toHaveLength(1);
  });

  it('reads an unread application on opening (PUT /application/read/7)', async () => {
    const read = recorder('put', '/application/read/7', { message: 'Marked as read' });
    api.use(answer('get', '/application/7', detail({ read: false })), read.handler);
    openDetail();

    await waitFor(() => expect(read.requests).toHaveLength(1));
  });

  it('answers not found for an application the server does not show', async () => {
    api.use(
      http.get('/api/application/8', () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'Application not found.' }, { status: 404 }),
      ),
    );
    openDetail(8);

    expect(await screen.findByText(i18n.t('notFound.title'))).toBeInTheDocument();
    expect(screen.queryByTestId('application-status')).not.toBeInTheDocument();
  });
});

describe('MoveDialog', () => {
  const confirmed = () =>
    detail({
      id_status: STATUS.CONFIRMED,
      status: { id_status: STATUS.CONFIRMED, name: 'Confirmed' },
      allowedStatuses: [STATUS.ENROLLED],
    });

  it('enrolls with a registration override only when asked, with its reason', async () => {
    const moves = recorder('put', '/application/status', {
      message: 'Application moved',
      notice: { severity: 'success', key: 'applicationMoved' },
      data: [],
      nonTransferable: [],
      refused: [],
      autoOffered: [],
    });
    api.use(moves.handler);
    const { user } = renderScreen(<MoveDialog application={confirmed()} onClose={() => {}} />);
    await user.click(await screen.findByRole('radio', { name: i18n.t(`statuses.${STATUS.ENROLLED}`) }));
    await user.click(screen.getByRole('checkbox', { name: i18n.t('applications.overrideRegistration') }));
    // the reason is required once the override is asked for: nothing sent without it
    await user.click(screen.getByTestId('move-submit'));
    expect(await screen.findByText('Required field.')).toBeInTheDocument();
    expect(moves.requests).toHaveLength(0);
    await user.type(
      screen.getByRole('textbox', { name: i18n.t('applications.overrideReason') }),
      'Deposit waived by the principal.',
    );
    await user.click(screen.getByTestId('move-submit'));
    await waitFor(() => expect(moves.requests).toHaveLength(1));
    expect(moves.requests[0].body).toEqual({
      applicationIds: [7],
      id_status: STATUS.ENROLLED,
      registrationOverride: 'Deposit waived by the principal.',
    });
  });
});
