import { randomBytes } from 'node:crypto';
import { AGREEMENT_CONSENT, AGREEMENT_INVITE_DAYS } from '@openseat/shared/agreement-consent';
import { STATUS } from '@openseat/shared/constants';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type {
  AgreementInviteRequest,
  AgreementSignRequest,
  CosignAgreement,
  CosignOpen,
  CosignSign,
} from '@openseat/shared/schemas/registration';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/runner';
import { sha256 } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import { removeStoredFile } from '../../lib/form-upload';
import { openStoredFile, saveStoredFile } from '../../lib/uploads';
import { queueAccountMail } from '../account-mail/account-mail.service';
import type { Principal } from '../auth/auth.types';
import { writeAudit } from '../audit/audit.service';
import { inLanguage, type PacketApplication } from './packet.service';
import * as packets from './packet.repository';
import * as repo from './signature.repository';
import { cosignMail } from './signature.mails';
import { renderSignedPdf } from './signature.pdf';
import { agreementText, signaturesOn, type AgreementSettings } from './signature.presenter';

/*
 * Signatures of registration agreements (docs/registration.md). A guardian signs the text they were shown: the hash
 * they send must be the one of the item's text in their language, else 409 (the school changed it meanwhile). The
 * signed PDF is rendered and stored outside the web root, its SHA-256 kept with the signature and in the audit log.
 * An agreement for two guardians is complete once the one invited by e-mail has signed through their own link.
 */

export type SignatureDeps = { db: Db; jobs: JobQueue; secrets: Secrets; config: Config };
type Signer = { contact: string; ip: string };

/** A second guardian signs only while registration is open (the seat accepted, not withdrawn since). */
const OPEN = new Set<number>([STATUS.CONFIRMED, STATUS.ENROLLED]);
const changed = () => new AppError('CONFLICT', 'agreementChanged');
const inviteInvalid = () => new AppError('NOT_FOUND', 'agreementInviteInvalid');

/** The agreement in force with this id in the application's period; 404 for anything else. */
async function agreementOf(db: Executor, app: PacketApplication, id_registration_item: number) {
  if (app.id_campus_year === null) throw notFound();
  const item = await packets.activeItem(db, app.id_campus_year, id_registration_item);
  if (!item || item.kind !== 'agreement') throw notFound();
  return item;
}

type Signing = {
  app: PacketApplication;
  id_registration_item: number;
  input: AgreementSignRequest;
  signer: Signer;
  role: 'first' | 'second';
  /** The second guardian's invitation, spent by the signature. */
  inviteTokenHash?: string;
};

/**
 * Renders and stores the PDF first (no file work inside the transaction), then checks and records the signature in
 * one transaction; the stored PDF is removed again when the transaction refuses.
 */
async function sign(deps: SignatureDeps, signing: Signing, now: Date) {
  const { app, input, role } = signing;
  const context = await repo.applicationContext(deps.db, app.id_application);
  if (!context) throw notFound();
  const first = await agreementOf(deps.db, app, signing.id_registration_item);
  const { text, documentHash } = agreementText(first, input.lng);
  if (documentHash !== input.documentHash) throw changed();
  const consent = AGREEMENT_CONSENT[input.lng];
  const pdf = await renderSignedPdf({
    school: context.school,
    applicant: context.applicant,
    id_application: app.id_application,
    label: inLanguage(first.labels, input.lng),
    text,
    documentHash,
    fullName: input.fullName,
    consent,
    language: input.lng,
    role,
    signedAt: now,
    timeZone: context.timeZone,
    ip: signing.signer.ip,
  });
  const pdfHash = sha256(pdf);
  const storedPath = await saveStoredFile(pdf, deps.config.dataDir, 'signatures', 'pdf');
  try {
    return await deps.db.transaction(async (tx) => {
      await repo.lockApplication(tx, app.id_application);
      const item = await agreementOf(tx, app, signing.id_registration_item);
      // the text may have changed between the render and the lock: the same check, under the lock
      if (
        item.id_registration_item !== first.id_registration_item ||
        agreementText(item, input.lng).documentHash !== documentHash
      )
        throw changed();
      const settings = item.settings as AgreementSettings;
      const existing = await packets.lockedResponse(tx, app.id_application, item.id_registration_item);
      if (existing?.state === 'approved') throw new AppError('CONFLICT', 'registrationItemApproved');
      let invite: repo.InviteRow | undefined;
      if (role === 'second') {
        invite = await repo.findInvite(tx, signing.inviteTokenHash!, app.id_application, now, true);
        // a returned agreement is signed anew by the first guardian, who then invites again
        if (!invite || invite.id_registration_item !== item.id_registration_item || existing?.state === 'returned')
          throw inviteInvalid();
      }
      if (role === 'first' && existing?.state === 'returned')
        await repo.voidSignatures(tx, app.id_application, item.id_registration_item, now);
      const facts = { items: [item], signatures: await repo.signaturesOf(tx, app.id_application), invites: [] };
      const current = signaturesOn(facts, item.id_registration_item);
      if (role === 'first' && current.some((sig) => sig.role === 'first'))
        throw new AppError('CONFLICT', 'agreementAlreadySigned');
      if (
        role === 'second' &&
        (!current.some((sig) => sig.role === 'first') || current.some((sig) => sig.role === 'second'))
      )
        throw inviteInvalid();
      const id_registration_signature = await repo.insertSignature(tx, {
        id_school: app.id_school,
        id_application: app.id_application,
        id_registration_item: item.id_registration_item,
        role,
        fullName: input.fullName,
        consent,
        language: input.lng,
        signerContact: signing.signer.contact,
        ip: signing.signer.ip,
        documentHash,
        storedPath,
        pdfHash,
        id_registration_signature_invite: invite?.id_registration_signature_invite ?? null,
        signedAt: now,
      });
      if (invite) await repo.spendInvite(tx, invite.id_registration_signature_invite, now);
      const complete = current.length + 1 >= (settings.signers === 'two' ? 2 : 1);
      if (complete)
        await repo.submitSigned(
          tx,
          {
            id_school: app.id_school,
            id_application: app.id_application,
            id_registration_item: item.id_registration_item,
          },
          now,
        );
      await writeAudit(
        tx,
        { id_user: null, id_school: app.id_school, ip: signing.signer.ip },
        {
          action: 'registration.sign',
          entity: 'application',
          entityId: app.id_application,
          id_school: app.id_school,
          id_campus: context.id_campus,
          changes: {
            id_registration_item: item.id_registration_item,
            version: item.version,
            id_registration_signature,
            role,
            documentHash,
            pdfHash,
            complete,
          },
        },
      );
      return { id_registration_signature, pdfHash, complete };
    });
  } catch (error) {
    await removeStoredFile(deps.config.dataDir, storedPath);
    throw error;
  }
}

/** `POST /family/applications/:id/registration/agreements/:id_registration_item/sign`: the application's guardian. */
export function signAgreement(
  deps: SignatureDeps,
  app: PacketApplication,
  id_registration_item: number,
  input: AgreementSignRequest,
  signer: Signer,
  now = new Date(),
) {
  return sign(deps, { app, id_registration_item, input, signer, role: 'first' }, now);
}

/**
 * `POST /family/applications/:id/registration/agreements/:id_registration_item/invite`: once the guardian signed an
 * agreement for two, the other guardian gets a link by e-mail (in the outbox, sent after commit); a newer invitation
 * replaces an earlier one. The token is kept as its hash only.
 */
export async function inviteSecondGuardian(
  deps: SignatureDeps,
  app: PacketApplication,
  id_registration_item: number,
  input: AgreementInviteRequest,
  invitedBy: string,
  lng: FamilyLanguage,
  now = new Date(),
) {
  await deps.db.transaction(async (tx) => {
    await repo.lockApplication(tx, app.id_application);
    const item = await agreementOf(tx, app, id_registration_item);
    if ((item.settings as AgreementSettings).signers !== 'two') throw new AppError('CONFLICT', 'agreementOneSigner');
    const facts = { items: [item], signatures: await repo.signaturesOf(tx, app.id_application), invites: [] };
    const current = signaturesOn(facts, id_registration_item);
    const response = await packets.lockedResponse(tx, app.id_application, id_registration_item);
    if (response?.state === 'returned' || !current.some((sig) => sig.role === 'first'))
      throw new AppError('CONFLICT', 'agreementNotSignedYet');
    if (current.some((sig) => sig.role === 'second')) throw new AppError('CONFLICT', 'agreementAlreadySigned');
    const context = await repo.applicationContext(tx, app.id_application);
    if (!context) throw notFound();
    await repo.revokeInvites(tx, app.id_application, id_registration_item, now);
    const token = randomBytes(32).toString('base64url');
    const id_registration_signature_invite = await repo.insertInvite(tx, {
      id_school: app.id_school,
      id_application: app.id_application,
      id_registration_item,
      email: input.email,
      invitedBy,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + AGREEMENT_INVITE_DAYS * 86_400_000),
    });
    const link = `${deps.config.publicUrl}/family/cosign/${token}?to=${app.id_application}`;
    const mail = cosignMail(
      input.email,
      {
        school: context.school,
        child: context.applicant,
        item: inLanguage(item.labels, lng),
        link,
        days: AGREEMENT_INVITE_DAYS,
      },
      lng,
    );
    await queueAccountMail(tx, deps, { ...mail, id_user: null, kind: 'registration_cosign' });
    await writeAudit(
      tx,
      { id_user: null, id_school: app.id_school },
      {
        action: 'registration.cosign_invite',
        entity: 'application',
        entityId: app.id_application,
        id_school: app.id_school,
        id_campus: context.id_campus,
        changes: { id_registration_item, version: item.version, id_registration_signature_invite },
      },
    );
  });
}

/** The invitation's application and agreement; 404 for a link spent, replaced, expired, or of another application. */
async function invitedAgreement(db: Executor, input: { id_application: number; token: string }, now: Date) {
  const invite = await repo.findInvite(db, sha256(input.token), input.id_application, now);
  if (!invite) throw inviteInvalid();
  const context = await repo.applicationContext(db, invite.id_application);
  if (!context || context.id_campus_year === null || !OPEN.has(context.id_status)) throw inviteInvalid();
  const app: PacketApplication = {
    id_application: context.id_application,
    id_school: context.id_school,
    id_campus_year: context.id_campus_year,
  };
  // the agreement changed since the invitation (a retired version): the first guardian signs the new one first
  const item = await packets.activeItem(db, context.id_campus_year, invite.id_registration_item);
  if (!item) throw inviteInvalid();
  return { invite, context, app, item };
}

/** `POST /family/cosign`: what the invited guardian is shown (only this agreement, the child's first name, the school). */
export async function openCosign(db: Db, input: CosignOpen, now = new Date()): Promise<CosignAgreement> {
  const { context, item } = await invitedAgreement(db, input, now);
  const lng = input.lng ?? 'en';
  return {
    id_application: context.id_application,
    applicant: context.applicant,
    school: context.school,
    label: inLanguage(item.labels, lng),
    ...agreementText(item, lng),
  };
}

/** `POST /family/cosign/sign`: the invited guardian signs; the link is spent. */
export async function cosign(deps: SignatureDeps, input: CosignSign, ip: string, now = new Date()) {
  const { invite, app } = await invitedAgreement(deps.db, input, now);
  const { token: _token, id_application: _id, ...signature } = input;
  return sign(
    deps,
    {
      app,
      id_registration_item: invite.id_registration_item,
      input: signature,
      signer: { contact: invite.email, ip },
      role: 'second',
      inviteTokenHash: sha256(input.token),
    },
    now,
  );
}

/** `GET /registration/applications/:id/signatures/:id_registration_signature/pdf`: the signed PDF, audited. */
export async function openSignedPdf(db: Db, dataDir: string, caller: Principal, id: number, id_signature: number) {
  const found = await repo.findSignature(db, caller.scope, id, id_signature);
  if (!found) throw notFound();
  const stream = await openStoredFile(dataDir, found.signature.storedPath);
  await writeAudit(db, caller, {
    action: 'registration.signature.download',
    entity: 'application',
    entityId: id,
    id_school: found.signature.id_school,
    id_campus: found.id_campus,
    changes: { id_registration_signature: id_signature, pdfHash: found.signature.pdfHash },
  });
  return { stream, name: `signature-${id}-${id_signature}.pdf` };
}
