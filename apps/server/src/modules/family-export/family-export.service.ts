import fs from 'node:fs/promises';
import path from 'node:path';
import { STATUS } from '@openseat/shared/constants';
import type { FamilyApplication } from '@openseat/shared/schemas/family';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Contact } from '../../lib/guardian-contact';
import { storedFilePath } from '../../lib/uploads';
import { zipArchive, type ZipEntry } from '../../lib/zip';
import { normalizeEmail, normalizePhone } from '../applications/siblings.service';
import { recordReads, writeAudit } from '../audit/audit.service';
import type { Principal } from '../auth/auth.types';
import { smsConsentOf } from '../communication/sms-consent.service';
import { familyApplications as portalApplications } from '../family/family.service';
import { familyPacket } from '../registration/packet.service';
import { presentApplication, presentConsent, type ListedFile } from './family-export.presenter';
import * as repo from './family-export.repository';

/*
 * Export on request (issue 28, docs/privacy.md): a family's data at the caller's school as `family.json` plus their
 * files under `files/<correlative>/`, in one zip. The family is the applications whose guardian shares the asked-for
 * application's guardian e-mail or phone (normalised as the siblings are), within the caller's scope only: a campus
 * user never carries a sister campus's application, even of the same guardian.
 */

/** Registration is the family's once their seat is accepted (the portal's rule), or once they have answered any of it. */
const REGISTRATION_OPEN = new Set<number>([STATUS.CONFIRMED, STATUS.ENROLLED]);

/** A file's name as it goes in the zip: no folders, no parent steps, never empty. */
const safeName = (name: string) => name.replace(/[/\\]/g, '_').replace(/^\.+/, '_').trim() || 'file';

/** `name` made unique among `taken` ("a.pdf", "a (2).pdf"). */
function uniqueName(taken: Set<string>, name: string) {
  const ext = path.extname(name);
  const base = name.slice(0, name.length - ext.length);
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base} (${n})${ext}`;
  taken.add(candidate);
  return candidate;
}

async function readStored(dataDir: string, storedPath: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(storedFilePath(dataDir, storedPath));
  } catch {
    return null; // gone from storage (removed by hand, or a retention run): listed, not carried
  }
}

/** What the portal shows the guardian of each application, by its id (their e-mail's and their phone's). */
async function portalViews(db: Db, emailKey: string | null, phoneKey: string | null) {
  const contacts: Contact[] = [];
  if (emailKey) contacts.push({ kind: 'email', key: emailKey });
  if (phoneKey) contacts.push({ kind: 'phone', key: phoneKey });
  const views = new Map<number, FamilyApplication>();
  for (const contact of contacts)
    for (const view of await portalApplications(db, contact)) views.set(view.id_application, view);
  return views;
}

/** The zip of a family's data (`GET /application/:id/family-export`); 404 outside the caller's scope. Audited. */
export async function familyExport(
  db: Db,
  dataDir: string,
  caller: Principal,
  id_application: number,
  now = new Date(),
) {
  const requested = await repo.findRequested(db, caller.scope, id_application);
  if (!requested) throw notFound();
  const emailKey = normalizeEmail(requested.guardianEmail);
  const phoneKey = normalizePhone(requested.guardianPhoneNumber);
  const apps = await repo.familyApplications(db, caller.scope, { ...requested, emailKey, phoneKey });
  const ids = apps.map((a) => a.id_application);
  const [history, messages, formAnswers, offerAnswers, files, portal] = await Promise.all([
    repo.statusHistoryOf(db, ids),
    repo.messagesOf(db, ids),
    repo.formAnswersOf(db, ids),
    repo.offerAnswersOf(db, ids),
    repo.filesOf(db, ids),
    portalViews(db, emailKey, phoneKey),
  ]);

  const entries: ZipEntry[] = [];
  const applications = [];
  for (const app of apps) {
    const own = <T extends { id_application: number | null }>(rows: T[]) =>
      rows.filter((r) => r.id_application === app.id_application);
    const folder = `files/${app.correlative}`;
    const taken = new Set<string>();
    const listed: ListedFile[] = [];
    for (const file of own(files)) {
      const bytes = await readStored(dataDir, file.storedPath);
      const name = uniqueName(taken, safeName(file.name));
      if (bytes) entries.push({ name: `${folder}/${name}`, data: bytes });
      const uploadedAt = file.at.toISOString();
      listed.push({
        kind: file.kind,
        name,
        mimeType: file.mimeType,
        uploadedAt,
        path: bytes ? `${folder}/${name}` : null,
      });
    }
    const registrationShown =
      app.id_campus_year !== null &&
      ((REGISTRATION_OPEN.has(app.id_status) && !app.held) || app.registrationResponses > 0);
    const registration = registrationShown
      ? await familyPacket(db, { ...app, id_campus_year: app.id_campus_year }, app.guardian.language)
      : null;
    applications.push(
      presentApplication({
        app,
        history: own(history),
        messages: own(messages),
        formAnswers: own(formAnswers),
        offerAnswers: own(offerAnswers),
        files: listed,
        registration,
        portal: portal.get(app.id_application) ?? null,
      }),
    );
  }

  const phones = [...new Set(apps.map((a) => a.guardian.phoneNumber).filter((p) => p && p.replace(/\D/g, '')))];
  const consents = new Map<string, ReturnType<typeof presentConsent>>();
  for (const phone of phones) {
    const consent = presentConsent(await smsConsentOf(db, requested.id_school, phone!));
    consents.set(consent.phone, consent);
  }

  const family = {
    exportedAt: now.toISOString(),
    school: apps[0]?.school ?? null,
    id_application: requested.id_application,
    applications,
    smsConsent: [...consents.values()],
  };
  const zip = zipArchive([{ name: 'family.json', data: `${JSON.stringify(family, null, 2)}\n` }, ...entries], now);

  const records = apps.map((a) => ({
    id_school: a.id_school,
    id_campus: a.id_campus,
    id_application: a.id_application,
  }));
  await writeAudit(db, caller, {
    action: 'family.export',
    entity: 'application',
    entityId: requested.id_application,
    id_school: requested.id_school,
    changes: { applications: ids, files: entries.length },
  });
  await recordReads(db, caller, 'export', records, 'family-export');
  const correlative = apps.find((a) => a.id_application === requested.id_application)?.correlative;
  return { zip, filename: `family-${correlative ?? requested.id_application}.zip` };
}
