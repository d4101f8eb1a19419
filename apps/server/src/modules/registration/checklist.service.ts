import type {
  RegistrationChecklist,
  RegistrationChecklistCopy,
  RegistrationChecklistRequest,
} from '@openseat/shared/schemas/registration';
import type { Db, Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { writeAudit } from '../audit/audit.service';
import { inputOf, presentItem, rowOf } from './checklist.presenter';
import * as repo from './checklist.repository';

/*
 * The registration checklist of a school period, as staff edit it (docs/registration.md). Items are versioned, never
 * changed in place: what a family completed or signed keeps the words it was given on.
 */

type Period = { id_campus_year: number; id_school: number; id_campus: number };

async function requirePeriod(db: Executor, caller: Principal, id_campus_year: number, lock = false) {
  const period = await repo.findPeriod(db, caller.scope, id_campus_year, lock);
  if (!period) throw notFound();
  return period;
}

async function checklistOf(db: Executor, period: Period): Promise<RegistrationChecklist> {
  const items = await repo.activeItems(db, period.id_campus_year);
  return { id_campus_year: period.id_campus_year, id_campus: period.id_campus, items: items.map(presentItem) };
}

/** `GET /registration/checklist`. */
export async function getChecklist(db: Db, caller: Principal, id_campus_year: number) {
  return checklistOf(db, await requirePeriod(db, caller, id_campus_year));
}

/**
 * `PUT /registration/checklist`: the list as it should read. An item sent with its id and unchanged keeps its row (its
 * place may change); a changed one is retired and its new version added; one left out is retired. An id that is not
 * an item in force of this period means the editor is out of date: 409, nothing changed.
 */
export async function replaceChecklist(
  db: Db,
  caller: Principal,
  input: RegistrationChecklistRequest,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const period = await requirePeriod(tx, caller, input.id_campus_year, true);
    const before = await repo.activeItems(tx, period.id_campus_year);
    const byId = new Map(before.map((row) => [row.id_registration_item, row]));
    requireKnownOnce(input, byId);
    const kept = new Set<number>();
    const added = [];
    for (const [position, item] of input.items.entries()) {
      const old = item.id_registration_item === undefined ? undefined : byId.get(item.id_registration_item);
      const row = rowOf(item, { ...period, position, replaces: old?.id_registration_item ?? null });
      if (old && old.version === row.version) {
        kept.add(old.id_registration_item);
        if (old.position !== position) await repo.moveItem(tx, old.id_registration_item, position);
      } else added.push(row);
    }
    await repo.retireItems(
      tx,
      before.filter((row) => !kept.has(row.id_registration_item)).map((row) => row.id_registration_item),
      now,
    );
    await repo.insertItems(tx, added);
    const after = await checklistOf(tx, period);
    await audit(tx, caller, period, 'registration_checklist.replace', before, after);
    return after;
  });
}

function requireKnownOnce(input: RegistrationChecklistRequest, byId: Map<number, unknown>) {
  const ids = input.items.flatMap((item) =>
    item.id_registration_item === undefined ? [] : [item.id_registration_item],
  );
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw badRequest('invalidValue', [{ path: 'items', message: 'invalidValue' }]);
  if (ids.some((id) => !byId.has(id))) throw conflict('registrationChecklistChanged');
}

/**
 * `POST /registration/checklist/copy`: another period's items (of the same school, in the caller's reach) replace this
 * period's; this period's own are retired.
 */
export async function copyChecklist(db: Db, caller: Principal, input: RegistrationChecklistCopy, now = new Date()) {
  return db.transaction(async (tx) => {
    const period = await requirePeriod(tx, caller, input.id_campus_year, true);
    const source = await requirePeriod(tx, caller, input.from_id_campus_year);
    if (source.id_school !== period.id_school) throw notFound();
    const before = await repo.activeItems(tx, period.id_campus_year);
    const copied = await repo.activeItems(tx, source.id_campus_year);
    await repo.retireItems(
      tx,
      before.map((row) => row.id_registration_item),
      now,
    );
    await repo.insertItems(
      tx,
      copied.map((row, position) => rowOf(inputOf(row), { ...period, position, replaces: null })),
    );
    const after = await checklistOf(tx, period);
    await audit(tx, caller, period, 'registration_checklist.copy', before, after, source.id_campus_year);
    return after;
  });
}

async function audit(
  tx: Executor,
  caller: Principal,
  period: Period,
  action: string,
  before: repo.ItemRow[],
  after: RegistrationChecklist,
  from_id_campus_year?: number,
) {
  await writeAudit(tx, caller, {
    action,
    entity: 'campus_year',
    entityId: period.id_campus_year,
    id_school: period.id_school,
    changes: {
      ...(from_id_campus_year ? { from_id_campus_year } : {}),
      from: before.map((row) => row.version),
      to: after.items.map((item) => item.version),
    },
  });
}
