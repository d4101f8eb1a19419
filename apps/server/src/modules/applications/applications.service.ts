import { allowedTargets, LIST_STATUSES, LIST_SUBJECT } from '@openseat/shared/application-status';
import { PERIOD_STATE, type StatusId } from '@openseat/shared/constants';
import type {
  ApplicationCreate,
  ApplicationListQuery,
  ApplicationPage,
  ApplicationUpdate,
} from '@openseat/shared/schemas/applications';
import type { Db, Executor } from '../../db/client';
import { countingOf, totalAfterPage, type Total } from '../../db/bounded-count';
import { runsConcurrently } from '../../db/concurrency';
import { auditRead, diff, readersOf, writeAudit } from '../audit/audit.service';
import { recordSmsConsent } from '../communication/sms-consent.service';
import { requireApplication } from './application-ref.service';
import { requireCampus } from '../campuses/campus-ref.service';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { assertAcceptingApplications, listSeats } from '../enrollment/enrollment.service';
import { presentDetail, presentHistory, presentRow, statusRef } from './applications.presenter';
import * as repo from './applications.repository';
import * as intake from './intake.repository';
import { previousOf } from './moves.service';
import { appendHistory, findMovable, refusalError } from '../status-moves/status-moves.service';
import { familiesOf, normalizeEmail, normalizePhone, type FamilyContact } from './siblings.service';
import { notifyNewApplication } from '../notifications/notifications.service';
import type { Scope } from '../../lib/scope';

/**
 * The filter of a list (or of its export): the list's statuses narrowed by `ids_status` and `id_status`, and, when
 * the query names a campus, that campus checked against the caller's scope (404 outside it) and the state of its
 * period, read together in one round trip.
 */
export async function listFilterOf(
  db: Executor,
  scope: Scope,
  query: Omit<ApplicationListQuery, 'page' | 'pageSize' | 'exactTotal'>,
): Promise<repo.ListFilter> {
  const listStatuses = LIST_STATUSES[query.type];
  let statuses: StatusId[] = query.ids_status
    ? listStatuses.filter((st) => query.ids_status!.includes(st))
    : [...listStatuses];
  if (query.id_status !== undefined) statuses = statuses.filter((st) => st === query.id_status);
  const { ids_status: _ignored, ...rest } = query;
  let periodFinalized: boolean | undefined;
  if (query.id_campus !== undefined) {
    const campus = await repo.findListCampus(db, scope, query.id_campus, query.id_school_year);
    if (!campus) throw notFound();
    periodFinalized = campus.periodFinalized;
  }
  return { ...rest, statuses, periodFinalized };
}

/**
 * `GET /application`: one page of a list, filtered, searched and sorted on the server, and its total: exact up to
 * LIST_TOTAL_BOUND, "more than" it beyond, exact however many when the query asks (`exactTotal`).
 */
export async function listApplications(
  db: Db,
  caller: Principal,
  query: ApplicationListQuery,
): Promise<ApplicationPage> {
  if (!caller.ability.can('access', LIST_SUBJECT[query.type])) throw forbidden();
  const { page, pageSize, exactTotal, ...rest } = query;
  const filter = await listFilterOf(db, caller.scope, rest);
  const counting = countingOf(exactTotal);
  const offset = page * pageSize;
  let total: Total;
  let rows: repo.ListedApplication[];
  if (runsConcurrently(db) && !counting.exact && !narrowsTheList(filter)) {
    // a server's pool: the count and the page on two sessions at once (the page's plan needs no count here)
    [total, rows] = await Promise.all([
      repo.countApplications(db, caller.scope, filter, counting),
      repo.listApplications(db, caller.scope, filter, page, pageSize, null),
    ]);
  } else {
    // the count first: it says whether the page exists and how few rows match (repo.listApplications picks its plan)
    total = await repo.countApplications(db, caller.scope, filter, counting);
    const beyond = total.totalExact && offset >= total.total;
    rows = beyond ? [] : await repo.listApplications(db, caller.scope, filter, page, pageSize, total);
  }
  return { data: rows.map(presentRow), ...totalAfterPage(total, offset, pageSize, rows.length), page, pageSize };
}

/**
 * Filters the date index cannot walk to (grade, priority, tags, text): they may match a few rows among many, which
 * the page finds by filtering first, so it waits for the count to know.
 */
const narrowsTheList = (f: repo.ListFilter) =>
  f.id_grade !== undefined || f.id_priority_item !== undefined || Boolean(f.tagIds?.length) || Boolean(f.text);

/** `GET /application/:id`: everything the detail screen shows. */
export async function getApplication(db: Executor, caller: Principal, id_application: number) {
  const row = await repo.findDetail(db, caller.scope, id_application);
  if (!row) throw notFound();
  // one after the other: inside a transaction they share one connection
  const history = await repo.statusHistory(db, id_application);
  const notes = await repo.notesOf(db, id_application);
  const files = await repo.filesOf(db, id_application);
  // the move "back to previous" follows the history in the order it was written
  const oldestFirst = [...history].sort((x, y) => x.id_application_status - y.id_application_status);
  const siblings = await siblingsOf(db, caller.scope, row);

  return presentDetail({
    row,
    history,
    notes,
    files,
    previousStatus: previousOf(oldestFirst),
    allowedStatuses: allowedTargets(row.application.id_status),
    siblings,
  });
}

/**
 * `GET /application/:id` as the detail screen opens it: the read of a student record is in the audit log and in the
 * record's readers ("who saw this child").
 */
export async function viewApplication(db: Executor, caller: Principal, id_application: number) {
  const detail = await getApplication(db, caller, id_application);
  const id_school = detail.campuses[0]?.campus.school.id_school ?? null;
  const entry = { action: 'application.view', entity: 'application', entityId: id_application, id_school };
  if (id_school === null) await writeAudit(db, caller, { ...entry, id_campus: detail.id_campus });
  else
    await auditRead(db, caller, { ...entry, id_campus: detail.id_campus }, 'view', {
      id_school,
      id_campus: detail.id_campus,
      id_application,
    });
  return detail;
}

/**
 * `GET /application/:id/readers`, who saw this child: the application in the caller's scope (404 otherwise), then
 * every read of its record, newest first.
 */
export async function readersOfApplication(
  db: Executor,
  caller: Principal,
  id_application: number,
  page: number,
  pageSize: number,
) {
  await requireApplication(db, caller.scope, id_application);
  return readersOf(db, caller.scope, id_application, page, pageSize);
}

/** Rounds of widening the family's keys: a family linked through more guardians than this is cut there. */
const FAMILY_ROUNDS = 4;

/**
 * The application's siblings: live applications of its school period in one family with it (a shared guardian
 * e-mail or phone, normalised, linked transitively: siblings.service.ts). Each round is one query on the period's
 * applications for the keys known so far; it stops when the family stops growing.
 */
async function siblingsOf(db: Executor, scope: Scope, row: repo.DetailRow) {
  const { application: app, applicant: person } = row;
  if (app.id_campus_year === null) return [];
  const self = {
    id_application: app.id_application,
    guardianEmail: person.guardianEmail,
    guardianPhoneNumber: person.guardianPhoneNumber,
  };
  const emails = new Set<string>();
  const phones = new Set<string>();
  const found = new Map<number, repo.FamilyCandidate>();
  let contacts: FamilyContact[] = [self];
  for (let round = 0; round < FAMILY_ROUNDS; round++) {
    let grew = false;
    for (const c of contacts) {
      const email = normalizeEmail(c.guardianEmail);
      const phone = normalizePhone(c.guardianPhoneNumber);
      if (email && !emails.has(email)) {
        emails.add(email);
        grew = true;
      }
      if (phone && !phones.has(phone)) {
        phones.add(phone);
        grew = true;
      }
    }
    if (!grew) break;
    const candidates = await repo.familyCandidates(db, scope, app.id_campus_year, {
      emails: [...emails],
      phones: [...phones],
    });
    const fresh = candidates.filter((c) => !found.has(c.id_application));
    for (const c of fresh) found.set(c.id_application, c);
    if (!fresh.length) break;
    contacts = fresh;
  }
  found.delete(app.id_application);
  const families = familiesOf([self, ...found.values()]);
  const family = families.get(app.id_application);
  if (family == null) return [];
  return [...found.values()]
    .filter((c) => families.get(c.id_application) === family)
    .map((c) => ({
      id_application: c.id_application,
      correlative: c.correlative,
      applicantName: `${c.firstName} ${c.lastName}`,
      grade: c.grade,
      id_status: c.id_status,
    }));
}

export async function statusHistory(db: Db, caller: Principal, id_application: number) {
  await requireApplication(db, caller.scope, id_application);
  return (await repo.statusHistory(db, id_application)).map(presentHistory);
}

async function assertGrade(db: Executor, id_campus: number, id_grade: number | null) {
  if (id_grade !== null && !(await intake.campusOffersGrade(db, id_campus, id_grade)))
    throw badRequest('unknownGrade', [{ path: 'id_grade', message: 'unknownGrade' }]);
}

async function assertPriority(db: Executor, id_priority_item: number | null) {
  if (id_priority_item !== null && !(await intake.priorityItemExists(db, id_priority_item)))
    throw badRequest('invalidValue', [{ path: 'id_priority_item', message: 'invalidValue' }]);
}

async function assertGuardianType(db: Executor, id: number | null) {
  if (id !== null && !(await intake.guardianTypeExists(db, id)))
    throw badRequest('invalidValue', [{ path: 'guardian.id_guardian_type', message: 'invalidValue' }]);
}

/** A finalized period is frozen: its applications' data can no longer change (409 PERIOD_FINALIZED). */
async function assertNotFinalized(db: Executor, id_campus_year: number | null) {
  if ((await intake.periodStateOf(db, id_campus_year)) === PERIOD_STATE.FINALIZED)
    throw refusalError('periodFinalized');
}

const eventDate = (v: string | null) => (v === null ? null : new Date(`${v}T00:00:00Z`));

/** Who takes in a lead: a signed-in caller, or a form webhook (no user, scoped to the form's campus). */
export type IntakeActor = { scope: Scope; id_user: number | null; id_school: number | null };

/**
 * The checks of an intake, before anything is written: the campus in scope, a period accepting applications, the
 * grade, priority and guardian type, and the live applications of the period that look like the same child or
 * family (`findDuplicates`). Throws the intake's errors (409 enrollment, 400 grade...).
 */
export async function checkLead(tx: Executor, scope: Scope, input: ApplicationCreate) {
  const campus = await requireCampus(tx, scope, input.id_campus);
  const { id_campus_year } = await assertAcceptingApplications(tx, campus.id_campus, input.id_school_year);
  await assertGrade(tx, campus.id_campus, input.id_grade);
  await assertPriority(tx, input.id_priority_item);
  await assertGuardianType(tx, input.guardian.id_guardian_type);
  const applicant = intake.applicantValues(input.applicant, input.guardian);
  const duplicates = await intake.findDuplicates(tx, campus.id_school, id_campus_year, applicant, null);
  return { campus, id_campus_year, applicant, duplicates };
}
export type CheckedLead = Awaited<ReturnType<typeof checkLead>>;

/** Writes the lead `checkLead` passed: application, applicant, first history row, audit. Unread for the campus. */
export async function insertLead(tx: Executor, actor: IntakeActor, input: ApplicationCreate, checked: CheckedLead) {
  const { campus, id_campus_year, applicant } = checked;
  const created = await intake.insertApplication(tx, {
    id_school: campus.id_school,
    id_campus: campus.id_campus,
    id_campus_year,
    id_school_year: input.id_school_year,
    id_grade: input.id_grade,
    id_priority_item: input.id_priority_item,
    id_status: input.id_status,
    event_date: eventDate(input.event_date),
    event_preference: input.event_preference,
    sibling_priority: input.sibling_priority,
    heard_from: input.heard_from,
    // only a form webhook takes in a lead without a user
    origin: actor.id_user === null ? 'web_form' : 'staff',
    read: false,
    applicant,
  });
  await appendHistory(tx, [
    {
      id_school: campus.id_school,
      id_application: created.id_application,
      id_status: input.id_status,
      id_user: actor.id_user,
    },
  ]);
  await writeAudit(tx, actor, {
    action: 'application.create',
    entity: 'application',
    entityId: created.id_application,
    id_school: campus.id_school,
    id_campus: campus.id_campus,
    changes: { correlative: created.correlative, id_status: input.id_status, id_campus_year },
  });
  return created;
}

/**
 * `POST /application`: a new lead with its applicant and guardian, in a period that is accepting applications.
 * It is unread for the campus; possible duplicates in the period are answered as a warning.
 */
export async function createApplication(db: Db, caller: Principal, input: ApplicationCreate) {
  return db.transaction(async (tx) => {
    const checked = await checkLead(tx, caller.scope, input);
    const created = await insertLead(tx, caller, input, checked);
    const texted = input.guardian.phoneNumber ?? input.applicant.phoneNumber;
    if (input.sms_consent_source && texted)
      await recordSmsConsent(tx, [
        {
          id_school: checked.campus.id_school,
          phone: texted,
          granted: true,
          source: 'staff',
          note: input.sms_consent_source,
          id_user: caller.id_user,
          id_application: created.id_application,
        },
      ]);
    await notifyNewApplication(tx, created.id_application, caller.id_user);
    return {
      data: await getApplication(tx, caller, created.id_application),
      duplicates: checked.duplicates.map((d) => ({
        id_application: d.id_application,
        correlative: d.correlative,
        reason: d.child ? ('applicant' as const) : ('guardian' as const),
      })),
    };
  });
}

/**
 * `POST /application/duplicates`: what `POST /application` would warn about, asked before saving (the intake's own
 * checks run too: a period not accepting applications or a grade the campus lacks is refused the same way).
 */
export async function checkDuplicates(db: Db, caller: Principal, input: ApplicationCreate) {
  const { duplicates } = await checkLead(db, caller.scope, input);
  return duplicates.map((d) => ({
    id_application: d.id_application,
    correlative: d.correlative,
    reason: d.child ? ('applicant' as const) : ('guardian' as const),
    applicantName: `${d.firstName} ${d.lastName}`,
    id_status: d.id_status,
    status: statusRef(d.id_status),
  }));
}

/** `PUT /application`: student and guardian info; the application must have a grade (spec section 5). */
export async function updateApplication(db: Db, caller: Principal, input: ApplicationUpdate) {
  return db.transaction(async (tx) => {
    const ref = await requireApplication(tx, caller.scope, input.id_application, true);
    await assertNotFinalized(tx, ref.id_campus_year);
    if (ref.id_grade === null) throw badRequest('gradeRequired', [{ path: 'id_grade', message: 'gradeRequired' }]);
    await assertGuardianType(tx, input.guardian.id_guardian_type);
    const before = await intake.findApplicant(tx, ref.id_application);
    const values = intake.applicantValues(input.applicant, input.guardian);
    await intake.updateApplicant(tx, before.applicant.id_applicant, values);
    const event = { event_date: eventDate(input.event_date), event_preference: input.event_preference };
    await intake.updateApplication(tx, ref.id_application, event);
    await writeAudit(tx, caller, {
      action: 'application.update',
      entity: 'application',
      entityId: ref.id_application,
      id_school: ref.id_school,
      id_campus: ref.id_campus,
      changes: diff({ ...before.applicant, ...before }, { ...values, ...event }),
    });
    return getApplication(tx, caller, ref.id_application);
  });
}

/** `PUT /application/priority`. */
export async function setPriority(db: Db, caller: Principal, id_application: number, id_priority_item: number | null) {
  return db.transaction(async (tx) => {
    const ref = await requireApplication(tx, caller.scope, id_application, true);
    await assertNotFinalized(tx, ref.id_campus_year);
    await assertPriority(tx, id_priority_item);
    await intake.updateApplication(tx, ref.id_application, { id_priority_item });
    await writeAudit(tx, caller, {
      action: 'application.priority',
      entity: 'application',
      entityId: ref.id_application,
      id_school: ref.id_school,
      id_campus: ref.id_campus,
      changes: { id_priority_item },
    });
    return getApplication(tx, caller, ref.id_application);
  });
}

/** Checks the grade before the move engine changes it (the campus must offer it). */
export async function assertGradeOf(db: Db, caller: Principal, id_application: number, id_grade: number | null) {
  const ref = await requireApplication(db, caller.scope, id_application);
  await assertGrade(db, ref.id_campus, id_grade);
}

/** `PUT /application/read/:id` and `PUT /application/unread`. Ids not in scope are not found (404, nothing changed). */
export async function setRead(db: Db, caller: Principal, ids: number[], read: boolean) {
  return db.transaction(async (tx) => {
    const found = new Set((await findMovable(tx, caller.scope, ids, false)).map((a) => a.id_application));
    const missing = ids.flatMap((id, i) =>
      found.has(id) ? [] : [{ path: `applicationIds.${i}`, message: 'notFound' }],
    );
    if (missing.length) throw notFound(missing);
    const changed = await repo.setRead(tx, caller.scope, ids, read);
    for (const row of changed)
      await writeAudit(tx, caller, {
        action: read ? 'application.read' : 'application.unread',
        entity: 'application',
        entityId: row.id_application,
        id_school: row.id_school,
        id_campus: row.id_campus,
      });
    return changed.length;
  });
}

/** `GET /application/spots/:id_campus_year`: the seats and seats taken per grade (scoped like the period). */
export const spotsOf = (db: Db, caller: Principal, id_campus_year: number) => listSeats(db, caller, id_campus_year);
