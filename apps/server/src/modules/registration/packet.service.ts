import { checkFormAnswers } from '@openseat/shared/registration-rules';
import type {
  FamilyFormField,
  FamilyRegistration,
  FamilyRegistrationItem,
  FormField,
} from '@openseat/shared/schemas/registration';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { ItemRow } from './checklist.repository';
import * as documents from './document.repository';
import { latestResponse } from './packet.chain';
import * as repo from './packet.repository';

/*
 * The family's side of registration (docs/registration.md): the checklist of an application's period with what is
 * done, in the guardian's language, and the forms they submit. The family module has found the application as the
 * guardian's own, and checked that its seat is accepted, before calling here.
 */

export type PacketApplication = { id_application: number; id_school: number; id_campus_year: number | null };
type Words = Record<string, string | null | undefined>;

/** Words in the reader's language, else the English. */
export const inLanguage = (words: Words, lng: string) => words[lng] || words.en || '';

/** Who reads the packet: a document's download link is the family's own route, or the staff's. */
export type PacketReader = 'family' | 'staff';

const documentUrl = (reader: PacketReader, id: number, id_registration_item: number) =>
  reader === 'family'
    ? `/api/family/applications/${id}/registration/documents/${id_registration_item}`
    : `/api/registration/applications/${id}/items/${id_registration_item}/document`;

/** `GET /family/applications/:id/registration` (and the staff's `GET /registration/applications/:id`). */
export async function familyPacket(
  db: Db,
  app: PacketApplication,
  lng: string,
  reader: PacketReader = 'family',
): Promise<FamilyRegistration> {
  if (app.id_campus_year === null) return { id_application: app.id_application, items: [], approved: 0, required: 0 };
  const [items, responses, files] = await Promise.all([
    repo.periodItems(db, app.id_campus_year),
    repo.responsesOf(db, app.id_application),
    documents.documentsOf(db, app.id_application),
  ]);
  const responseOf = latestResponse(items, responses);
  const fileOf = (row: ItemRow, response: repo.ResponseRow | undefined) => {
    const file = response && files.find((f) => f.id_registration_item === response.id_registration_item);
    if (!file) return null;
    const url = documentUrl(reader, app.id_application, row.id_registration_item);
    const uploadedAt = file.uploadedAt.toISOString();
    return { name: file.originalName, type: file.mimeType, size: file.size, uploadedAt, url };
  };
  const shown = items
    .filter((row) => row.retiredAt === null)
    .sort((a, b) => a.position - b.position || a.id_registration_item - b.id_registration_item)
    .map((row) => {
      const response = responseOf(row);
      const item = familyItem(row, response, lng);
      return item.document ? { ...item, document: { ...item.document, file: fileOf(row, response) } } : item;
    });
  const required = shown.filter((i) => i.required);
  return {
    id_application: app.id_application,
    items: shown,
    approved: required.filter((i) => i.state === 'approved').length,
    required: required.length,
  };
}

function familyItem(row: ItemRow, response: repo.ResponseRow | undefined, lng: string): FamilyRegistrationItem {
  const item: FamilyRegistrationItem = {
    id_registration_item: row.id_registration_item,
    kind: row.kind as FamilyRegistrationItem['kind'],
    required: row.required,
    label: inLanguage(row.labels, lng),
    help: row.help ? inLanguage(row.help, lng) : null,
    state: (response?.state as FamilyRegistrationItem['state'] | undefined) ?? 'to_do',
    returnedReason: response?.returnedReason ?? null,
  };
  const settings = row.settings as Record<string, unknown>;
  if (row.kind === 'form') {
    const fields = (settings.fields as FormField[]).map((f) => familyField(f, lng));
    return { ...item, form: { fields, answers: response?.answers ?? {} } };
  }
  if (row.kind === 'document') {
    const document = settings as { types: NonNullable<FamilyRegistrationItem['document']>['types']; maxMb: number };
    return { ...item, document: { types: document.types, maxMb: document.maxMb } };
  }
  if (row.kind === 'agreement') {
    const agreement = settings as { text: Words; signers: 'one' | 'two' };
    return { ...item, agreement: { text: inLanguage(agreement.text, lng), signers: agreement.signers } };
  }
  return item;
}

const familyField = (field: FormField, lng: string): FamilyFormField => ({
  key: field.key,
  type: field.type,
  label: inLanguage(field.labels, lng),
  required: field.required,
  ...(field.choices
    ? { choices: field.choices.map((c) => ({ value: c.value, label: inLanguage(c.labels, lng) })) }
    : {}),
  showIf: field.showIf,
});

/**
 * `PUT /family/applications/:id/registration/forms/:id_registration_item`: the answers, checked by the form's rules
 * (400 naming each field), kept as submitted for staff to review. An approved form is done: 409.
 */
export async function submitForm(
  db: Db,
  app: PacketApplication,
  id_registration_item: number,
  given: Record<string, unknown>,
  now = new Date(),
) {
  if (app.id_campus_year === null) throw notFound();
  const id_campus_year = app.id_campus_year;
  await db.transaction(async (tx) => {
    const item = await repo.activeItem(tx, id_campus_year, id_registration_item);
    if (!item || item.kind !== 'form') throw notFound();
    const { answers, problems } = checkFormAnswers((item.settings as { fields: FormField[] }).fields, given);
    if (problems.length)
      throw badRequest(
        problems[0].message,
        problems.map((p) => ({ path: `answers.${p.field}`, message: p.message })),
      );
    const existing = await repo.lockedResponse(tx, app.id_application, id_registration_item);
    if (existing?.state === 'approved') throw new AppError('CONFLICT', 'registrationItemApproved');
    await repo.submitAnswers(
      tx,
      { id_school: app.id_school, id_application: app.id_application, id_registration_item, answers },
      now,
    );
  });
}
