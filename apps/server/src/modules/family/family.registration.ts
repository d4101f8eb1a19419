import { STATUS } from '@openseat/shared/constants';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type {
  AgreementInviteRequest,
  AgreementSignRequest,
  FamilyFormAnswers,
} from '@openseat/shared/schemas/registration';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { familyPacket, submitForm } from '../registration/packet.service';
import { inviteSecondGuardian, signAgreement, type SignatureDeps } from '../registration/signature.service';
import type { Contact } from './family.contact';
import * as repo from './family.repository';

/*
 * Registration in the portal (docs/registration.md): once the family accepted the seat, the checklist of the
 * application's period, with what is done; the family completes it. Only the guardian's own application, only once
 * its acceptance is known to them (a move still held for a release is not).
 */

const OPEN = new Set<number>([STATUS.CONFIRMED, STATUS.ENROLLED]);

/** The guardian's own application, with its registration open (the seat accepted, not held): else 404 or 409. */
export async function openApplication(db: Db, contact: Contact, id: number) {
  const [app] = await repo.guardianApplications(db, contact, id);
  if (!app) throw notFound();
  if (!OPEN.has(app.id_status) || app.held) throw new AppError('CONFLICT', 'registrationNotOpen');
  return app;
}

/** `GET /family/applications/:id/registration`. */
export async function familyRegistration(db: Db, contact: Contact, id: number, lng: FamilyLanguage) {
  return familyPacket(db, await openApplication(db, contact, id), lng);
}

/** `PUT /family/applications/:id/registration/forms/:id_registration_item`. */
export async function answerRegistrationForm(
  db: Db,
  contact: Contact,
  id: number,
  id_registration_item: number,
  input: FamilyFormAnswers,
) {
  await submitForm(db, await openApplication(db, contact, id), id_registration_item, input.answers);
}

/** `POST /family/applications/:id/registration/agreements/:id_registration_item/sign`. */
export async function signRegistrationAgreement(
  deps: SignatureDeps,
  contact: Contact,
  id: number,
  id_registration_item: number,
  input: AgreementSignRequest,
  ip: string,
) {
  const app = await openApplication(deps.db, contact, id);
  return signAgreement(deps, app, id_registration_item, input, { contact: contact.key, ip });
}

/** `POST /family/applications/:id/registration/agreements/:id_registration_item/invite`. */
export async function inviteCosigner(
  deps: SignatureDeps,
  contact: Contact,
  id: number,
  id_registration_item: number,
  input: AgreementInviteRequest,
  lng: FamilyLanguage,
) {
  const app = await openApplication(deps.db, contact, id);
  await inviteSecondGuardian(deps, app, id_registration_item, input, contact.key, input.lng ?? lng);
}
