import { PERIOD_STATE } from '@openseat/shared/constants';
import type { MessageKey } from '@openseat/shared/messages';
import type { SchoolYearMove } from '@openseat/shared/schemas/application-records';
import type { Db, Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/runner';
import { writeAudit } from '../audit/audit.service';
import { badRequest, notFound } from '../../lib/errors';
import type { Refusal } from '../../lib/refusals';
import type { Principal } from '../auth/auth.types';
import { changeGroup, findMovable, lockGroups } from '../status-moves/status-moves.service';
import type { Group, Movable } from '../status-moves/status-moves.types';
import { copyApplications } from './application-copy.jobs';
import { presentCopy } from './school-years.presenter';
import * as repo from './school-years.repository';

type Period = Awaited<ReturnType<typeof repo.openPeriodsOf>>[number];

/** The school years every campus of the selection has an open period in, other than the selection's own years. */
export async function targetsOf(db: Executor, caller: Principal, ids: number[]) {
  const apps = await findMovable(db, caller.scope, ids, false);
  // any id out of reach answers 404, as everywhere
  if (apps.length !== new Set(ids).size) throw notFound();
  const campuses = [...new Set(apps.map((x) => x.id_campus))];
  const periods = await repo.openPeriodsOf(db, campuses);
  const ownYears = new Set(
    await repo.schoolYearsOf(
      db,
      apps.map((x) => x.id_application),
    ),
  );
  const byYear = new Map<number, { name: string; campuses: Set<number> }>();
  for (const p of periods) {
    const entry = byYear.get(p.id_school_year) ?? { name: p.name, campuses: new Set<number>() };
    entry.campuses.add(p.id_campus);
    byYear.set(p.id_school_year, entry);
  }
  return [...byYear.entries()]
    .filter(([year, e]) => !ownYears.has(year) && campuses.every((c) => e.campuses.has(c)))
    .map(([id_school_year, e]) => ({ id_school_year, name: e.name }));
}

/** Why an application may not go to the target year (null: it may), and the target period of its campus. */
type Checked = { period: Period; refusal?: undefined } | { period?: undefined; refusal: Refusal };

/** A transfer changes the application, so its period must not be finalized; a copy only reads it (historical). */
function checkTarget(app: Movable, target: number, periods: Period[], fromFinalized = false): Checked {
  const refuse = (code: string, key: MessageKey): Checked => ({
    refusal: { id_application: app.id_application, code, message: key },
  });
  if (app.periodState === PERIOD_STATE.FINALIZED && !fromFinalized)
    return refuse('PERIOD_FINALIZED', 'periodFinalized');
  const period = periods.find((p) => p.id_campus === app.id_campus && p.id_school_year === target);
  if (!period) return refuse('NO_TARGET', 'noSchoolYearTarget');
  if (period.id_campus_year === app.id_campus_year) return refuse('SAME_SCHOOL_YEAR', 'sameSchoolYear');
  return { period };
}

function refusalsFor(ids: number[], found: Movable[]): Refusal[] {
  const seen = new Set(found.map((x) => x.id_application));
  return ids
    .filter((id) => !seen.has(id))
    .map((id_application) => ({ id_application, code: 'NOT_FOUND', message: 'notFound' }));
}

/** Nothing could go: the request fails as a whole with the reason of the first (400, nothing changed). */
function nothingMoves(refused: Refusal[]): never {
  // none in reach: as for any other id out of reach
  if (refused.every((r) => r.code === 'NOT_FOUND')) throw notFound();
  throw badRequest(refused[0]?.message ?? 'noSchoolYearTarget', [
    { path: 'target', message: refused[0]?.message ?? 'noSchoolYearTarget' },
  ]);
}

/**
 * `PUT /application/update-school-year`: the applications move to the target year's open period of their campus.
 * A seat holder takes a seat of its grade there first (none left: it stays, in `nonTransferable`) and frees its
 * old one; a waiting application goes last on the target's list and the old list closes up.
 */
export async function transfer(db: Db, caller: Principal, input: SchoolYearMove) {
  return db.transaction(async (tx) => {
    const seen = await findMovable(tx, caller.scope, input.applicationIds, false);
    const periods = await repo.openPeriodsOf(tx, [...new Set(seen.map((x) => x.id_campus))]);
    const groups: Group[] = [];
    for (const app of seen) {
      // every group an application could touch: its status may change before its row is locked
      const { period } = checkTarget(app, input.target, periods);
      if (!period) continue;
      groups.push({ id_campus_year: period.id_campus_year, id_grade: app.id_grade });
      if (app.id_campus_year) groups.push({ id_campus_year: app.id_campus_year, id_grade: app.id_grade });
    }
    await lockGroups(tx, groups);
    const apps = await findMovable(tx, caller.scope, input.applicationIds, true);
    const refused = refusalsFor(input.applicationIds, apps);
    const data: Array<{ id_application: number; id_school_year: number; id_campus_year: number }> = [];
    const nonTransferable: number[] = [];
    for (const app of apps) {
      const checked = checkTarget(app, input.target, periods);
      if (!checked.period) {
        refused.push(checked.refusal);
        continue;
      }
      const to = { id_campus_year: checked.period.id_campus_year, id_grade: app.id_grade };
      const moved = await changeGroup(tx, app, to, (waiting_list_position) =>
        repo.moveToPeriod(tx, app.id_application, {
          id_campus_year: to.id_campus_year,
          id_school_year: input.target,
          waiting_list_position,
        }),
      );
      if (!moved) {
        nonTransferable.push(app.id_application);
        continue;
      }
      await writeAudit(tx, caller, {
        action: 'application.school_year.transfer',
        entity: 'application',
        entityId: app.id_application,
        id_school: app.id_school,
        id_campus: app.id_campus,
        changes: { id_campus_year: { from: app.id_campus_year, to: to.id_campus_year }, id_school_year: input.target },
      });
      data.push({
        id_application: app.id_application,
        id_school_year: input.target,
        id_campus_year: to.id_campus_year,
      });
    }
    if (!data.length && !nonTransferable.length) nothingMoves(refused);
    return { data, nonTransferable, refused };
  });
}

/**
 * `POST /application/copy-to-school-year`: checks the selection now (scope, target), records the copy and queues
 * the job in the same transaction; the job copies in chunks and mails the requester when it is done.
 */
export async function requestCopy(db: Db, jobs: JobQueue, caller: Principal, input: SchoolYearMove, lng: string) {
  return db.transaction(async (tx) => {
    const apps = await findMovable(tx, caller.scope, input.applicationIds, false);
    const periods = await repo.openPeriodsOf(tx, [...new Set(apps.map((x) => x.id_campus))]);
    const refused = refusalsFor(input.applicationIds, apps);
    const eligible: Movable[] = [];
    for (const app of apps) {
      const checked = checkTarget(app, input.target, periods, true);
      if (checked.period) eligible.push(app);
      else refused.push(checked.refusal);
    }
    if (!eligible.length) nothingMoves(refused);
    const id_school = eligible[0].id_school;
    if (eligible.some((x) => x.id_school !== id_school)) throw badRequest('invalidValue');
    const copy = await repo.insertCopy(tx, {
      id_school,
      id_user: caller.id_user,
      id_school_year: input.target,
      applicationIds: eligible.map((x) => x.id_application),
      lng,
      total: eligible.length,
    });
    await writeAudit(tx, caller, {
      action: 'application.school_year.copy',
      entity: 'application_copy',
      entityId: copy.id_application_copy,
      id_school,
      changes: { id_school_year: input.target, applicationIds: copy.applicationIds },
    });
    await jobs.enqueue(tx, copyApplications, { id_application_copy: copy.id_application_copy });
    return { data: presentCopy(copy), refused };
  });
}

export async function copyStatus(db: Db, caller: Principal, id_application_copy: number) {
  const copy = await repo.findOwnCopy(db, caller.scope, caller.id_user, id_application_copy);
  if (!copy) throw notFound();
  return presentCopy(copy);
}
