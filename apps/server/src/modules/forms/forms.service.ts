import { randomBytes } from 'node:crypto';
import {
  boundMoveError,
  type CampusFormRequest,
  type SubmissionCsvRequest,
  type SubmissionListQuery,
  type SubmissionRow,
} from '@openseat/shared/schemas/communication';
import type { Db, Executor } from '../../db/client';
import { countingOf, totalAfterPage } from '../../db/bounded-count';
import { requireApplication } from '../applications/application-ref.service';
import { diff, writeAudit } from '../audit/audit.service';
import { requireCampus } from '../campuses/campus-ref.service';
import { encryptSecret } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, notFound, conflict } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { presentForm, presentSubmission } from './forms.presenter';
import * as repo from './forms.repository';

/*
 * Forms of a campus and what they delivered (docs/api-forms.md). One application form per campus and period: saving
 * a form as the application form makes it the only one (the others of that campus and period lose the flag, with
 * an audit row each), so the newest choice wins and the tab never refuses a save for it.
 */

export type FormDeps = { db: Db; publicUrl: () => string; encryptionKey: Buffer };

const formIdTaken = () => conflict('formIdTaken', [{ path: 'form_id', message: 'formIdTaken' }]);

async function requireForm(db: Executor, caller: Principal, id_campus_form: number, lock = false) {
  const form = await repo.findForm(db, caller.scope, id_campus_form, lock);
  if (!form) throw notFound();
  return form;
}

export async function listForms(deps: FormDeps, caller: Principal, id_campus: number, id_campus_year?: number | null) {
  await requireCampus(deps.db, caller.scope, id_campus);
  const rows = await repo.listForms(deps.db, caller.scope, id_campus, id_campus_year);
  return rows.map((f) => presentForm(deps.publicUrl(), f));
}

export async function getForm(deps: FormDeps, caller: Principal, id_campus_form: number) {
  return presentForm(deps.publicUrl(), await requireForm(deps.db, caller, id_campus_form));
}

/** The period must be one of the campus's; the move's ends must differ. */
async function assertValid(tx: Executor, id_campus: number, input: CampusFormRequest) {
  if (input.id_campus_year !== null && !(await repo.periodOfCampus(tx, id_campus, input.id_campus_year)))
    throw badRequest('invalidValue', [{ path: 'id_campus_year', message: 'invalidValue' }]);
  const refusal = boundMoveError({ id_status_from: input.id_status_from, id_status_to: input.id_status_to });
  if (refusal) throw badRequest(refusal.message, [refusal]);
}

const valuesOf = (input: CampusFormRequest) => ({
  id_campus_year: input.id_campus_year,
  id_status_from: input.id_status_from,
  id_status_to: input.id_status_to,
  form_name: input.form_name,
  form_id: input.form_id,
  form_url: input.form_url,
  is_application_form: input.is_application_form,
  id_form_type: input.id_form_type,
  fieldMap: input.field_map,
});

/** Makes `form` the only application form of its campus and period. */
async function onlyApplicationForm(
  tx: Executor,
  caller: Principal,
  form: { id_campus_form: number; id_school: number; id_campus: number; id_campus_year: number | null },
) {
  const others = await repo.otherApplicationForms(tx, form.id_campus, form.id_campus_year, form.id_campus_form);
  await repo.clearApplicationForm(
    tx,
    others.map((o) => o.id_campus_form),
  );
  for (const other of others)
    await writeAudit(tx, caller, {
      action: 'campus_form.update',
      entity: 'campus_form',
      entityId: other.id_campus_form,
      id_school: form.id_school,
      id_campus: form.id_campus,
      changes: { is_application_form: { from: true, to: false }, replacedBy: form.id_campus_form },
    });
}

async function uniqueForm<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw formIdTaken();
    throw error;
  }
}

export async function createForm(deps: FormDeps, caller: Principal, input: CampusFormRequest) {
  return uniqueForm(() =>
    deps.db.transaction(async (tx) => {
      const campus = await requireCampus(tx, caller.scope, input.id_campus);
      await assertValid(tx, campus.id_campus, input);
      if (await repo.formIdTaken(tx, campus.id_campus, input.id_form_type, input.form_id)) throw formIdTaken();
      const values = { id_school: campus.id_school, id_campus: campus.id_campus, ...valuesOf(input) };
      const id_campus_form = await repo.insertForm(tx, values);
      if (input.is_application_form) await onlyApplicationForm(tx, caller, { ...values, id_campus_form });
      await writeAudit(tx, caller, {
        action: 'campus_form.create',
        entity: 'campus_form',
        entityId: id_campus_form,
        id_school: campus.id_school,
        id_campus: campus.id_campus,
        changes: values,
      });
      return presentForm(deps.publicUrl(), (await repo.findForm(tx, caller.scope, id_campus_form))!);
    }),
  );
}

/** A form stays on its campus (its webhook address and deliveries belong there). */
export async function updateForm(deps: FormDeps, caller: Principal, id_campus_form: number, input: CampusFormRequest) {
  return uniqueForm(() =>
    deps.db.transaction(async (tx) => {
      const before = await requireForm(tx, caller, id_campus_form, true);
      if (input.id_campus !== before.id_campus)
        throw badRequest('invalidValue', [{ path: 'id_campus', message: 'invalidValue' }]);
      await assertValid(tx, before.id_campus, input);
      if (await repo.formIdTaken(tx, before.id_campus, input.id_form_type, input.form_id, id_campus_form))
        throw formIdTaken();
      const values = valuesOf(input);
      await repo.updateForm(tx, caller.scope, id_campus_form, values);
      if (input.is_application_form) await onlyApplicationForm(tx, caller, { ...before, ...values });
      await writeAudit(tx, caller, {
        action: 'campus_form.update',
        entity: 'campus_form',
        entityId: id_campus_form,
        id_school: before.id_school,
        id_campus: before.id_campus,
        changes: diff(before, values),
      });
      return presentForm(deps.publicUrl(), (await repo.findForm(tx, caller.scope, id_campus_form))!);
    }),
  );
}

export async function deleteForm(deps: FormDeps, caller: Principal, id_campus_form: number) {
  await deps.db.transaction(async (tx) => {
    const form = await requireForm(tx, caller, id_campus_form, true);
    await repo.deleteForm(tx, caller.scope, id_campus_form);
    await writeAudit(tx, caller, {
      action: 'campus_form.delete',
      entity: 'campus_form',
      entityId: id_campus_form,
      id_school: form.id_school,
      id_campus: form.id_campus,
      changes: { form_name: form.form_name, form_id: form.form_id },
    });
  });
}

/** A new random webhook secret, stored sealed and answered this once (the old one stops working at once). */
export async function newSecret(deps: FormDeps, caller: Principal, id_campus_form: number) {
  return deps.db.transaction(async (tx) => {
    const form = await requireForm(tx, caller, id_campus_form, true);
    const secret = randomBytes(32).toString('base64url');
    await repo.updateForm(tx, caller.scope, id_campus_form, {
      secretSealed: encryptSecret(deps.encryptionKey, secret),
    });
    await writeAudit(tx, caller, {
      action: 'campus_form.secret',
      entity: 'campus_form',
      entityId: id_campus_form,
      id_school: form.id_school,
      id_campus: form.id_campus,
      changes: { secret: '(changed)' },
    });
    return { secret };
  });
}

// ---- submissions ----

export async function listSubmissions(db: Db, caller: Principal, query: SubmissionListQuery) {
  await requireCampus(db, caller.scope, query.id_campus);
  const { rows, total } = await repo.listSubmissions(
    db,
    caller.scope,
    { id_campus: query.id_campus, status: query.status },
    query.page,
    query.pageSize,
    countingOf(query.exactTotal),
  );
  return {
    data: rows,
    ...totalAfterPage(total, query.page * query.pageSize, query.pageSize, rows.length),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function submissionsOfApplication(db: Db, caller: Principal, id_application: number) {
  await requireApplication(db, caller.scope, id_application);
  return repo.submissionsOfApplication(db, caller.scope, id_application);
}

const FIXED = [
  { key: 'id_application', label: 'id_application' },
  { key: 'correlative', label: 'correlative' },
  { key: 'submitted_at', label: 'submitted at' },
];

/** The export's columns: the fixed ones, then every question in the order first seen. */
export function csvOf(
  rows: Array<Pick<SubmissionRow, 'id_application' | 'answers' | 'createdAt'> & { correlative: number | null }>,
) {
  const keyOf = new Map<string, string>();
  const taken = new Set(FIXED.map((h) => h.key));
  for (const row of rows)
    for (const { question } of row.answers)
      if (!keyOf.has(question)) {
        let key = question;
        while (taken.has(key)) key = `answer: ${key}`;
        taken.add(key);
        keyOf.set(question, key);
      }
  const headers = [...FIXED, ...[...keyOf].map(([question, key]) => ({ key, label: question }))];
  const data = rows.map((row) => {
    const record: Record<string, string> = {
      id_application: row.id_application === null ? '' : String(row.id_application),
      correlative: row.correlative === null ? '' : String(row.correlative),
      submitted_at: row.createdAt,
    };
    for (const h of headers.slice(FIXED.length)) record[h.key] = '';
    for (const { question, answer } of row.answers) {
      const key = keyOf.get(question)!;
      record[key] = record[key] ? `${record[key]}; ${answer}` : answer;
    }
    return record;
  });
  return { headers, data };
}

/** `POST /application/submission-to-csv`: the full submission data of a campus (or a selection), audited. */
export async function submissionsCsv(db: Db, caller: Principal, input: SubmissionCsvRequest) {
  return db.transaction(async (tx) => {
    const campus = await requireCampus(tx, caller.scope, input.id_campus);
    if (input.id_campus_form !== null) {
      const form = await repo.findForm(tx, caller.scope, input.id_campus_form);
      if (!form || form.id_campus !== campus.id_campus) throw notFound();
    }
    const rows = await repo.submissionsForExport(tx, caller.scope, {
      id_campus: campus.id_campus,
      id_campus_form: input.id_campus_form,
      ids: input.ids,
    });
    await writeAudit(tx, caller, {
      action: 'form_submission.export',
      entity: 'form_submission',
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      changes: { rows: rows.length, id_campus_form: input.id_campus_form, applications: input.ids?.length ?? null },
    });
    return csvOf(rows.map((r) => ({ ...presentSubmission(r, 'en'), correlative: r.correlative })));
  });
}
