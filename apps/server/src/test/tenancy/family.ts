import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { STATUS } from '@openseat/shared/constants';
import { sha256 } from '../../lib/crypto';
import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { createApplication } from '../application-factories';
import { createCampusGrades, createPeriod } from '../enrollment-factories';
import { createCampus } from '../factories';
import { signAgreement } from '../../modules/registration/signature.service';
import { tenancyFiles, type Fixtures, type ListRow, type Row } from './kit';
import { sisHandoffFixtures } from './sis-handoff';
import { guardianSessionKey } from '../guardian-session';

// the family portal: a guardian of an application at A1 (and one at B1, same contact), and another family at A1
type FamilyFixtures = Awaited<ReturnType<typeof buildFamilyFixtures>>;
let ff: FamilyFixtures;
const OTHER_FAMILY = ['Secret-Family-Child', 'other.family@example.org'];
const AGREEMENT_TEXT = 'The family follows the handbook.';
/** The other family's phone (texts consented on their form): never shown to guardian A, not even its last digits. */
const OTHER_FAMILY_PHONE = '5550007531';

async function buildFamilyFixtures(db: TestContext['db'], x: Fixtures) {
  const a1 = x.enrollment.a1.period;
  const mine = await createApplication(db, a1, {
    id_status: STATUS.APPLIED,
    firstName: 'Guardian-A-Child',
    guardianEmail: 'guardian.a@example.org',
  });
  const theirs = await createApplication(db, a1, {
    id_status: STATUS.APPLIED,
    firstName: OTHER_FAMILY[0],
    guardianEmail: OTHER_FAMILY[1],
  });
  const offered = await createApplication(db, a1, {
    id_status: STATUS.OFFERED,
    firstName: 'Guardian-A-Offered',
    guardianEmail: 'guardian.a@example.org',
  });
  const theirsOffered = await createApplication(db, a1, {
    id_status: STATUS.OFFERED,
    firstName: OTHER_FAMILY[0],
    guardianEmail: OTHER_FAMILY[1],
  });
  // consent to texts: guardian A's phone on an application of theirs, and the other family's phone on one of theirs
  await createApplication(db, a1, {
    id_status: STATUS.APPLIED,
    firstName: 'Guardian-A-Texted',
    guardianEmail: 'guardian.a@example.org',
    guardianPhoneNumber: '5550002468',
    smsConsent: false,
  });
  await createApplication(db, a1, {
    id_status: STATUS.APPLIED,
    firstName: OTHER_FAMILY[0],
    guardianEmail: OTHER_FAMILY[1],
    guardianPhoneNumber: OTHER_FAMILY_PHONE,
  });
  const registration = await registrationFixtures(db, x);
  return {
    mine,
    theirs,
    offered,
    theirsOffered,
    ...registration,
    cookies: {
      guardianA: await guardianSessionKey(db, 'guardian.a@example.org'),
      guardianLeaving: await guardianSessionKey(db, 'guardian.leaving@example.org'),
    },
  };
}

/**
 * Registration: a campus of A whose period has a one-field form on its checklist (its own campus: the registration
 * rows rewrite A1's and A2's checklists), a confirmed application of guardian A's and one of the other family's.
 */
async function registrationFixtures(db: TestContext['db'], x: Fixtures) {
  const campus = await createCampus(db, x.schoolA.id_school, 'Alpha Registration');
  await createCampusGrades(db, campus, [3]);
  const period = await createPeriod(db, campus, { state: 'started', grades: { 3: 5 } });
  const labels = { en: 'Secret-Family-Form', es: 'Formulario' };
  const [form] = await db
    .insert(s.registrationItem)
    .values({
      id_school: period.id_school,
      id_campus_year: period.id_campus_year,
      position: 0,
      kind: 'form',
      required: true,
      labels,
      settings: { fields: [{ key: 'doctor', type: 'text', labels, required: true, showIf: null }] },
      version: 'tenancy',
    })
    .returning();
  const [deposit] = await db
    .insert(s.registrationItem)
    .values({
      id_school: period.id_school,
      id_campus_year: period.id_campus_year,
      position: 1,
      kind: 'deposit',
      required: true,
      labels: { en: 'Deposit', es: 'Depósito' },
      settings: {},
      version: 'tenancy-deposit',
    })
    .returning();
  const [document] = await db
    .insert(s.registrationItem)
    .values({
      id_school: period.id_school,
      id_campus_year: period.id_campus_year,
      position: 4,
      kind: 'document',
      required: true,
      labels: { en: 'Birth certificate', es: 'Acta' },
      settings: { types: ['pdf'], maxMb: 1 },
      version: 'tenancy-document',
    })
    .returning();
  // agreements: one signed by one guardian (the sign row), one for two already signed by guardian A (the invite row)
  const agreement = (position: number, signers: 'one' | 'two') =>
    db
      .insert(s.registrationItem)
      .values({
        id_school: period.id_school,
        id_campus_year: period.id_campus_year,
        position,
        kind: 'agreement',
        required: true,
        labels: { en: `Agreement ${signers}`, es: `Acuerdo ${signers}` },
        settings: { text: { en: AGREEMENT_TEXT, es: AGREEMENT_TEXT }, signers },
        version: `tenancy-agreement-${signers}`,
      })
      .returning();
  const [agreementOne] = await agreement(2, 'one');
  const [agreementTwo] = await agreement(3, 'two');
  const confirmed = (firstName: string, guardianEmail: string) =>
    createApplication(db, period, { id_status: STATUS.CONFIRMED, firstName, guardianEmail });
  const registered = await confirmed('Guardian-A-Registered', 'guardian.a@example.org');
  const theirsRegistered = await confirmed(OTHER_FAMILY[0], OTHER_FAMILY[1]);
  return {
    registered,
    theirsRegistered,
    form,
    deposit,
    agreementOne,
    agreementTwo,
    document,
    uploads: {
      mine: await documentFixture(db, registered, document.id_registration_item, 'Guardian-A-Document.pdf'),
      theirs: await documentFixture(db, theirsRegistered, document.id_registration_item, 'Secret-Family-Document.pdf'),
    },
    registrationPeriod: period,
    // the SIS hand-off's batches (tenancy/sis-handoff.ts)
    handoff: await sisHandoffFixtures(db, x, period, registered),
  };
}

/** A document kept for the application's item (its file on disk) and an upload under way for it; answers its id. */
async function documentFixture(
  db: TestContext['db'],
  app: { id_school: number; id_application: number },
  id_registration_item: number,
  originalName: string,
) {
  const storedPath = path.join('registration', `${randomBytes(8).toString('hex')}.pdf`);
  fs.mkdirSync(path.join(tenancyFiles.dataDir, 'files', 'registration'), { recursive: true });
  fs.writeFileSync(path.join(tenancyFiles.dataDir, 'files', storedPath), `%PDF-1.4 ${originalName}`);
  const key = { id_school: app.id_school, id_application: app.id_application, id_registration_item };
  await db.insert(s.registrationResponse).values({ ...key, state: 'submitted' });
  await db
    .insert(s.registrationDocument)
    .values({ ...key, storedPath, originalName, mimeType: 'application/pdf', size: 20 });
  const id_upload = randomBytes(16).toString('hex');
  await db.insert(s.registrationUpload).values({ ...key, id_upload, originalName, size: 10 });
  return id_upload;
}

/** The registration fixture, for the staff's review rows (tenancy/registration.ts). */
export const registrationFixture = () => ff;

/** The portal cookie of a guardian actor (its own session, as the portal sets it). */
export const guardianCookie = (actor: 'guardianA' | 'guardianLeaving') => `openseat_family=${ff.cookies[actor]}`;

export const FAMILY_ROWS: Row[] = [
  {
    route: 'GET /family/applications/:id/registration',
    actor: 'guardianA',
    own: () => ({ method: 'GET', path: `/family/applications/${ff.registered.id_application}/registration` }),
    other: () => ({ method: 'GET', path: `/family/applications/${ff.theirsRegistered.id_application}/registration` }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'PUT /family/applications/:id/registration/forms/:id_registration_item',
    actor: 'guardianA',
    own: () => ({
      method: 'PUT',
      path: `/family/applications/${ff.registered.id_application}/registration/forms/${ff.form.id_registration_item}`,
      body: { answers: { doctor: 'Dr. Alpha' } },
    }),
    other: () => ({
      method: 'PUT',
      path: `/family/applications/${ff.theirsRegistered.id_application}/registration/forms/${ff.form.id_registration_item}`,
      body: { answers: { doctor: 'Secret-Family-Doctor' } },
    }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'GET /family/applications/:id/registration/uploads/:id_upload',
    actor: 'guardianA',
    own: () => ({
      method: 'GET',
      path: `/family/applications/${ff.registered.id_application}/registration/uploads/${ff.uploads.mine}`,
    }),
    other: () => ({
      method: 'GET',
      path: `/family/applications/${ff.theirsRegistered.id_application}/registration/uploads/${ff.uploads.theirs}`,
    }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'GET /family/applications/:id/registration/uploads/:id_upload',
    case: "another family's upload under the guardian's own application",
    actor: 'guardianA',
    own: () => ({
      method: 'GET',
      path: `/family/applications/${ff.registered.id_application}/registration/uploads/${ff.uploads.mine}`,
    }),
    other: () => ({
      method: 'GET',
      path: `/family/applications/${ff.registered.id_application}/registration/uploads/${ff.uploads.theirs}`,
    }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'PUT /family/applications/:id/registration/uploads/:id_upload',
    actor: 'guardianA',
    own: () => ({
      method: 'PUT',
      path: `/family/applications/${ff.registered.id_application}/registration/uploads/${ff.uploads.mine}`,
      rawBody: '%PDF',
      headers: { 'content-range': 'bytes 0-3/10' },
    }),
    other: () => ({
      method: 'PUT',
      path: `/family/applications/${ff.theirsRegistered.id_application}/registration/uploads/${ff.uploads.theirs}`,
      rawBody: '%PDF',
      headers: { 'content-range': 'bytes 0-3/10' },
    }),
    foreign: () => OTHER_FAMILY,
  },
  // after the upload rows: opening an upload ends the item's earlier one
  {
    route: 'POST /family/applications/:id/registration/documents/:id_registration_item/uploads',
    actor: 'guardianA',
    own: () => ({
      method: 'POST',
      path: `/family/applications/${ff.registered.id_application}/registration/documents/${ff.document.id_registration_item}/uploads`,
      body: { name: 'mine.pdf', size: 100 },
    }),
    other: () => ({
      method: 'POST',
      path: `/family/applications/${ff.theirsRegistered.id_application}/registration/documents/${ff.document.id_registration_item}/uploads`,
      body: { name: 'theirs.pdf', size: 100 },
    }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'GET /family/applications/:id/registration/documents/:id_registration_item',
    actor: 'guardianA',
    own: () => ({
      method: 'GET',
      path: `/family/applications/${ff.registered.id_application}/registration/documents/${ff.document.id_registration_item}`,
    }),
    other: () => ({
      method: 'GET',
      path: `/family/applications/${ff.theirsRegistered.id_application}/registration/documents/${ff.document.id_registration_item}`,
    }),
    foreign: () => [...OTHER_FAMILY, 'Secret-Family-Document'],
  },
  {
    route: 'POST /family/applications/:id/registration/agreements/:id_registration_item/sign',
    actor: 'guardianA',
    own: () => ({
      method: 'POST',
      path: `/family/applications/${ff.registered.id_application}/registration/agreements/${ff.agreementOne.id_registration_item}/sign`,
      body: { fullName: 'Guardian A', consent: true, documentHash: sha256(AGREEMENT_TEXT), lng: 'en' },
    }),
    other: () => ({
      method: 'POST',
      path: `/family/applications/${ff.theirsRegistered.id_application}/registration/agreements/${ff.agreementOne.id_registration_item}/sign`,
      body: { fullName: 'Guardian A', consent: true, documentHash: sha256(AGREEMENT_TEXT), lng: 'en' },
    }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'POST /family/applications/:id/registration/agreements/:id_registration_item/invite',
    actor: 'guardianA',
    own: () => ({
      method: 'POST',
      path: `/family/applications/${ff.registered.id_application}/registration/agreements/${ff.agreementTwo.id_registration_item}/invite`,
      body: { email: 'second.guardian@example.org' },
    }),
    other: () => ({
      method: 'POST',
      path: `/family/applications/${ff.theirsRegistered.id_application}/registration/agreements/${ff.agreementTwo.id_registration_item}/invite`,
      body: { email: 'second.guardian@example.org' },
    }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'GET /family/applications/:id',
    actor: 'guardianA',
    own: () => ({ method: 'GET', path: `/family/applications/${ff.mine.id_application}` }),
    other: () => ({ method: 'GET', path: `/family/applications/${ff.theirs.id_application}` }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'GET /family/applications/:id/decline-reasons',
    actor: 'guardianA',
    own: () => ({ method: 'GET', path: `/family/applications/${ff.offered.id_application}/decline-reasons` }),
    other: () => ({ method: 'GET', path: `/family/applications/${ff.theirsOffered.id_application}/decline-reasons` }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'POST /family/applications/:id/answer',
    actor: 'guardianA',
    own: () => ({
      method: 'POST',
      path: `/family/applications/${ff.offered.id_application}/answer`,
      body: { answer: 'accept' },
    }),
    other: () => ({
      method: 'POST',
      path: `/family/applications/${ff.theirsOffered.id_application}/answer`,
      body: { answer: 'accept' },
    }),
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'GET /family/sms-consent',
    actor: 'guardianA',
    own: () => ({ method: 'GET', path: '/family/sms-consent' }),
    shared: "the caller's own phones: those of their own applications (family-sms-consent.test.ts)",
    foreign: () => [...OTHER_FAMILY, OTHER_FAMILY_PHONE.slice(-4)],
  },
  {
    route: 'PUT /family/sms-consent',
    actor: 'guardianA',
    own: () => ({ method: 'PUT', path: '/family/sms-consent', body: { granted: true } }),
    // a school where the guardian has no application: its families' phones are not theirs to answer for
    other: (x) => ({
      method: 'PUT',
      path: '/family/sms-consent',
      body: { granted: false, id_school: x.schoolB.id_school },
    }),
    foreign: () => [...OTHER_FAMILY, OTHER_FAMILY_PHONE.slice(-4)],
  },
  {
    route: 'GET /family/session',
    actor: 'guardianA',
    own: () => ({ method: 'GET', path: '/family/session' }),
    shared: "the caller's own session: its contact, partly hidden, and its language",
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'PUT /family/language',
    actor: 'guardianA',
    own: () => ({ method: 'PUT', path: '/family/language', body: { lng: 'vi' } }),
    shared: "the caller's own language, kept by its contact",
    foreign: () => OTHER_FAMILY,
  },
  {
    route: 'POST /family/sign-out',
    actor: 'guardianLeaving',
    own: () => ({ method: 'POST', path: '/family/sign-out' }),
    shared: "ends the caller's own sessions only (family.test.ts: another guardian stays signed in)",
    foreign: () => OTHER_FAMILY,
  },
];

export const FAMILY_LISTS: ListRow[] = [
  {
    route: 'GET /family/applications',
    actor: 'guardianA',
    path: '/family/applications',
    own: () => ['Guardian-A-Child'],
    foreign: () => OTHER_FAMILY,
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupFamily(ctx: TestContext, x: Fixtures) {
  ff = await buildFamilyFixtures(ctx.db, x);
  // guardian A's own signature on the agreement for two (the staff's PDF row, the invitation row): made for real
  const signed = await signAgreement(
    { db: ctx.db, jobs: ctx.jobs, secrets: ctx.secrets, config: ctx.jobContext.config },
    ff.registered,
    ff.agreementTwo.id_registration_item,
    { fullName: 'Guardian A', consent: true, documentHash: sha256(AGREEMENT_TEXT), lng: 'en' },
    { contact: 'guardian.a@example.org', ip: '127.0.0.1' },
  );
  signature = signed.id_registration_signature;
}
let signature = 0;

/** Guardian A's signature of the agreement for two (registration rows). */
export const registrationSignature = () => signature;
