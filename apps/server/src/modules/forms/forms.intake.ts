import { MOVEMENT_TYPE, transitionOf } from '@openseat/shared/application-status';
import { FORM_PROVIDER, STATUS, type StatusId } from '@openseat/shared/constants';
import type { MessageKey } from '@openseat/shared/messages';
import { ApplicationCreateSchema, type ApplicationCreate } from '@openseat/shared/schemas/applications';
import type { FormField, WebhookAnswer } from '@openseat/shared/schemas/communication';
import type { Db, Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { writeAudit } from '../audit/audit.service';
import { decryptSecret, sha256 } from '../../lib/crypto';
import { scopeDatabaseTo } from '../../lib/database-scope';
import { AppError, unauthorized, notFound } from '../../lib/errors';
import { SYSTEM_SCOPE, type Scope } from '../../lib/scope';
import { checkLead, insertLead } from '../applications/applications.service';
import {
  auditMoves,
  findMovable,
  groupKey,
  groupOf,
  lockGroups,
  openSession,
  refusalOf,
} from '../status-moves/status-moves.service';
import { notifyFormSubmission, notifyNewApplication } from '../notifications/notifications.service';
import { recordSmsConsent } from '../communication/sms-consent.service';
import { incompleteRegistrations } from '../registration/completeness.service';
import {
  addressOf,
  cleanDate,
  cleanPhone,
  consentGiven,
  languageOf,
  mapFields,
  readGoogleForms,
  readTypeform,
  signatureMatches,
  splitName,
  type Delivery,
} from './forms.payloads';
import * as repo from './forms.repository';

/*
 * A form delivery, from the provider's POST to the pipeline (docs/api-forms.md). The signature is checked against
 * the raw bytes before anything is read or written. Then, in one transaction: the delivery is stored (a redelivery
 * stops there), mapped to application fields, and either becomes a lead (the application form, through the
 * pipeline's own intake and duplicate check) or moves the matched application (through MoveSession, so seats,
 * history and messages apply). What cannot be mapped is kept as needs_review with the reason, never dropped.
 */

export type IntakeDeps = { db: Db; jobs: JobQueue; encryptionKey: Buffer };

const signatureInvalid = () => unauthorized('signatureInvalid');

type Values = Partial<Record<FormField, string>>;
type Outcome = { id_application: number | null; error: string | null };
type Form = repo.FormRecord;

/** Kept for review: the reason is a message key, shown in the reader's language. */
const review = (error: MessageKey | (string & {}), id_application: number | null = null): Outcome => ({
  id_application,
  error,
});

export async function receiveDelivery(
  deps: IntakeDeps,
  provider: number,
  id_campus_form: number,
  raw: Buffer,
  body: unknown,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  // no caller: the form's own campus is the scope of everything that follows
  const form = await repo.findForm(deps.db, SYSTEM_SCOPE, id_campus_form);
  if (!form || form.id_form_type !== provider) throw notFound();
  if (!form.secretSealed) throw signatureInvalid();
  let secret: string;
  try {
    secret = decryptSecret(deps.encryptionKey, form.secretSealed);
  } catch {
    throw signatureInvalid();
  }
  if (!signatureMatches(secret, raw, signature)) throw signatureInvalid();
  scopeDatabaseTo(form.id_school);

  const delivery = provider === FORM_PROVIDER.GOOGLE_FORMS ? readGoogleForms(body) : readTypeform(body);
  if (delivery.partial) return { status: 'ignored', id_form_submission: null, id_application: null };
  // no id from the provider: the body's own hash keeps a redelivery of the same bytes a no-op
  const deliveryId = delivery.deliveryId ?? `sha256:${sha256(raw.toString('utf8'))}`;
  const scope: Scope = { id_school: form.id_school, campusIds: [form.id_campus] };

  return deps.db.transaction(async (tx): Promise<WebhookAnswer> => {
    const id_form_submission = await repo.insertSubmission(tx, {
      id_school: form.id_school,
      id_campus: form.id_campus,
      id_campus_form: form.id_campus_form,
      id_form_type: provider,
      deliveryId,
      payload: body ?? {},
      answers: delivery.answers.map(({ question, answer }) => ({ question, answer })),
      status: 'needs_review',
    });
    if (id_form_submission === null) {
      const stored = await repo.findDelivery(tx, form.id_campus, provider, deliveryId);
      return {
        status: 'duplicate',
        id_form_submission: stored?.id ?? null,
        id_application: stored?.id_application ?? null,
      };
    }
    const outcome = await process(tx, deps, scope, form, delivery);
    const status = outcome.error ? 'needs_review' : 'processed';
    await repo.settleSubmission(tx, id_form_submission, { ...outcome, status });
    await writeAudit(
      tx,
      { id_user: null, id_school: form.id_school },
      {
        action: 'form_submission.receive',
        entity: 'form_submission',
        entityId: id_form_submission,
        id_school: form.id_school,
        id_campus: form.id_campus,
        changes: { id_campus_form: form.id_campus_form, deliveryId, status, ...outcome },
      },
    );
    return { status, id_form_submission, id_application: outcome.id_application };
  });
}

async function process(tx: Tx, deps: IntakeDeps, scope: Scope, form: Form, delivery: Delivery): Promise<Outcome> {
  if (delivery.formId && delivery.formId !== form.form_id) return review('submissionOtherForm');
  const values = mapFields(delivery, form.fieldMap ?? {});
  return form.is_application_form ? takeLead(tx, scope, form, values) : moveMatched(tx, deps, scope, form, values);
}

const nameOf = (values: Values) => {
  const split = splitName(values.full_name);
  return { first: values.first_name ?? split.first, last: values.last_name ?? split.last };
};

/** The application form: a new lead, or the existing application when the pipeline finds the same child. */
async function takeLead(tx: Tx, scope: Scope, form: Form, values: Values): Promise<Outcome> {
  const period = form.id_campus_year
    ? await repo.periodOfCampus(tx, form.id_campus, form.id_campus_year)
    : await repo.currentPeriod(tx, form.id_campus);
  if (!period) return review('enrollmentNotStarted');
  const name = nameOf(values);
  if (!name.first || !name.last) return review('submissionNoName');
  const id_grade = values.grade ? await repo.gradeByName(tx, form.id_campus, values.grade) : null;
  const parsed = ApplicationCreateSchema.safeParse({
    id_campus: form.id_campus,
    id_school_year: period.id_school_year,
    id_grade,
    id_priority_item: null,
    id_status: STATUS.LEAD,
    event_date: null,
    event_preference: values.event_preference ?? null,
    sibling_priority: false,
    applicant: {
      firstName: name.first,
      lastName: name.last,
      email: values.email ?? null,
      phoneNumber: cleanPhone(values.phone),
      dateOfBirth: cleanDate(values.date_of_birth),
      ...addressOf(values),
      gender: values.gender ?? null,
      ethnicity: values.ethnicity ?? null,
      actualSchool: values.actual_school ?? null,
      sisterSchool: null,
    },
    guardian: {
      id_guardian_type: null,
      name: values.guardian_name ?? '',
      email: values.guardian_email ?? null,
      phoneNumber: cleanPhone(values.guardian_phone),
      address: values.guardian_address ?? null,
      occupation: values.guardian_occupation ?? null,
      dateOfBirth: null,
    },
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return review(issue.path.join('.') === 'guardian.name' ? 'submissionNoGuardianName' : issue.message);
  }
  const input = parsed.data;
  let checked;
  try {
    checked = await checkLead(tx, scope, input);
  } catch (error) {
    if (error instanceof AppError) return review(error.message);
    throw error;
  }
  const same = await sameChild(tx, checked.duplicates, name.first, name.last);
  if (same !== null) {
    await repo.markUnread(tx, same);
    await recordFormConsent(tx, form, input, values, same);
    await notifyFormSubmission(tx, same, form.form_name);
    return { id_application: same, error: null };
  }
  const created = await insertLead(tx, { scope, id_user: null, id_school: form.id_school }, input, checked);
  await recordFormConsent(tx, form, input, values, created.id_application);
  const lng = languageOf(values.guardian_language);
  if (lng) await repo.setGuardianLanguage(tx, created.id_application, lng);
  await notifyNewApplication(tx, created.id_application, null, form.form_name);
  return { id_application: created.id_application, error: null };
}

/**
 * "Text me about this application" answered yes (docs/privacy.md, "Messaging consent"): the phone the application's
 * texts go to, as the form gave it (the guardian's, else the applicant's), consents at the form's school, in the
 * delivery's transaction. Unanswered or no: nothing is recorded (an earlier answer stands).
 */
async function recordFormConsent(tx: Tx, form: Form, input: ApplicationCreate, values: Values, id_application: number) {
  const phone = input.guardian.phoneNumber ?? input.applicant.phoneNumber;
  if (!phone || !consentGiven(values.sms_consent)) return;
  await recordSmsConsent(tx, [{ id_school: form.id_school, phone, granted: true, source: 'form', id_application }]);
}

/**
 * The duplicate a delivery belongs to: the same child (same name and date of birth), or a family match (guardian
 * e-mail or phone) with the same first and last name. A sibling (same family, another name) gets its own lead.
 */
async function sameChild(
  tx: Tx,
  duplicates: Array<{ id_application: number; child: boolean }>,
  first: string,
  last: string,
) {
  const child = duplicates.find((d) => d.child);
  if (child) return child.id_application;
  const names = await repo.namesOf(
    tx,
    duplicates.map((d) => d.id_application),
  );
  const same = names.find(
    (n) => n.firstName.toLowerCase() === first.toLowerCase() && n.lastName.toLowerCase() === last.toLowerCase(),
  );
  return same?.id_application ?? null;
}

/** The application a delivery is about: hidden id_application of the campus, else the guardian's e-mail. */
async function matchApplication(tx: Tx, form: Form, values: Values): Promise<number | MessageKey> {
  const hidden = Number(values.id_application);
  if (values.id_application && Number.isInteger(hidden) && hidden > 0 && hidden <= 2_147_483_647) {
    const found = await repo.applicationOfCampus(tx, form.id_campus, hidden);
    return found ? found.id_application : 'submissionApplicationNotFound';
  }
  if (!values.guardian_email) return 'submissionNoMatchKey';
  let candidates = await repo.applicationsByGuardianEmail(
    tx,
    form.id_campus,
    form.id_campus_year,
    values.guardian_email,
  );
  const name = nameOf(values);
  if (candidates.length > 1 && name.first) {
    const same = (a: string, b: string | null) => !b || a.toLowerCase() === b.toLowerCase();
    candidates = candidates.filter((c) => same(c.firstName, name.first) && same(c.lastName, name.last));
  }
  if (candidates.length === 1) return candidates[0].id_application;
  return candidates.length ? 'submissionSeveralMatch' : 'submissionNoMatch';
}

/**
 * Another form: the matched application moves from -> to as a system move (movement 'Automatic': no one clicked
 * it), holding its group lock like every move. Not in `from`, or a move the pipeline refuses: kept for review.
 */
async function moveMatched(tx: Tx, deps: IntakeDeps, scope: Scope, form: Form, values: Values): Promise<Outcome> {
  const matched = await matchApplication(tx, form, values);
  if (typeof matched === 'string') return review(matched);
  const to = form.id_status_to as StatusId | null;
  if (to === null) {
    await repo.markUnread(tx, matched);
    await notifyFormSubmission(tx, matched, form.form_name);
    return { id_application: matched, error: null };
  }
  const [seen] = await findMovable(tx, scope, [matched], false);
  const group = seen && groupOf(seen);
  if (group) await lockGroups(tx, [group]);
  const [app] = await findMovable(tx, scope, [matched], true);
  if (!app) return review('submissionApplicationNotFound');
  const now = groupOf(app);
  // its grade changed between the look and the lock: fail, the provider delivers again
  if (now && (!group || groupKey(now) !== groupKey(group))) throw new Error('application group changed');
  if (form.id_status_from !== null && app.id_status !== form.id_status_from)
    return review('submissionNotInFrom', matched);
  const refusal = refusalOf(app, to) ?? (transitionOf(app.id_status, to) ? null : 'moveNotAllowed');
  if (refusal) return review(refusal, matched);
  // a form never overrides an incomplete registration: staff review it (docs/registration.md)
  if (to === STATUS.ENROLLED && (await incompleteRegistrations(tx, [app])).size)
    return review('registrationIncomplete', matched);
  const session = openSession(tx, { scope, id_user: null, jobs: deps.jobs }, [app]);
  if (!(await session.move(app, to, MOVEMENT_TYPE.AUTOMATIC))) return review('noSpotsInGrade', matched);
  await session.flush();
  await auditMoves(tx, { id_user: null, id_school: form.id_school }, session, 'formSubmitted');
  await repo.markUnread(tx, matched);
  await notifyFormSubmission(tx, matched, form.form_name);
  return { id_application: matched, error: null };
}
