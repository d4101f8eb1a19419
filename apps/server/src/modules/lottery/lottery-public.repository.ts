import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { LotteryLogEntry, LotteryLogKind } from '@openseat/shared/schemas/lottery';
import type { Executor } from '../../db/client';
import { inIds } from '../../lib/sql';
import * as s from '../../db/schema/index';

/*
 * The reads of a period's public lottery page. There is no caller's scope here: the period is the one its public token
 * names, and every read below is kept to that one period (`id_campus_year` comes from `periodByToken` only). Nothing
 * read here names a person: no applicant, guardian or user column is selected.
 */

const cy = s.campusYear;
const l = s.lottery;

/** The period a public token names, with the names the page shows; undefined for an unknown token. */
export async function periodByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      id_campus_year: cy.id_campus_year,
      id_school: cy.id_school,
      school: s.school.name,
      campus: s.campus.name,
      schoolYear: s.schoolYear.name,
    })
    .from(cy)
    .innerJoin(s.school, eq(s.school.id_school, cy.id_school))
    .innerJoin(s.campus, eq(s.campus.id_campus, cy.id_campus))
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, cy.id_school_year))
    .where(eq(cy.lotteryPublicToken, token));
  return row;
}
export type PublicPeriod = NonNullable<Awaited<ReturnType<typeof periodByToken>>>;

/** The period's log in `seq` order. */
export async function periodLog(db: Executor, period: PublicPeriod): Promise<LotteryLogEntry[]> {
  const rows = await db
    .select({
      seq: s.lotteryLog.seq,
      kind: s.lotteryLog.kind,
      at: s.lotteryLog.at,
      body: s.lotteryLog.body,
      prevHash: s.lotteryLog.prevHash,
      hash: s.lotteryLog.hash,
    })
    .from(s.lotteryLog)
    .where(and(eq(s.lotteryLog.id_school, period.id_school), eq(s.lotteryLog.id_campus_year, period.id_campus_year)))
    .orderBy(asc(s.lotteryLog.seq));
  return rows.map((r) => ({ ...r, kind: r.kind as LotteryLogKind, at: r.at.toISOString() }));
}

/** Every column of a lottery but its record and who drew it or entered dice (the page names no staff member). */
const {
  inputs: _inputs,
  result: _result,
  id_user: _user,
  diceFirstUser: _diceUser,
  diceFirstEntry: _diceEntry,
  signature: _signature,
  ...publicColumns
} = getTableColumns(l);

/** The period's lotteries, oldest first, without their records. */
export async function periodLotteries(db: Executor, period: PublicPeriod) {
  return db
    .select(publicColumns)
    .from(l)
    .where(and(eq(l.id_school, period.id_school), eq(l.id_campus_year, period.id_campus_year)))
    .orderBy(asc(l.id_lottery));
}
export type PublicLotteryRow = Awaited<ReturnType<typeof periodLotteries>>[number];

/** The period's drawn lottery (not a superseded one) with its record; undefined before a draw. */
export async function drawnLottery(db: Executor, period: PublicPeriod) {
  const [row] = await db
    .select({ ...publicColumns, inputs: l.inputs, result: l.result })
    .from(l)
    .where(and(eq(l.id_school, period.id_school), eq(l.id_campus_year, period.id_campus_year), eq(l.state, 'drawn')));
  return row;
}

/** Grade names by id. */
export async function gradeNames(db: Executor) {
  return db.select({ id_grade: s.grade.id_grade, name: s.grade.name }).from(s.grade);
}

/**
 * The correlatives of the record's applications (what its table shows; no names). By school, not by period: the record
 * keeps an application that has since moved or been deleted, and its correlative is still its family's reference.
 */
export async function correlatives(db: Executor, period: PublicPeriod, ids: number[]) {
  if (!ids.length) return [];
  const a = s.application;
  return db
    .select({ id_application: a.id_application, correlative: a.correlative })
    .from(a)
    .where(and(eq(a.id_school, period.id_school), inIds(a.id_application, ids)));
}
