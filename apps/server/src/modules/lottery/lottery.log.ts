import type { LotteryLogEntry, LotteryLogKind } from '@openseat/shared/schemas/lottery';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { writeAudit, type AuditActor } from '../audit/audit.service';
import type { Principal } from '../auth/auth.types';
import { nextEntry } from './lottery.log-chain';
import * as repo from './lottery.repository';

/*
 * Writing and reading a period's public lottery log (lottery.log-chain.ts has the chain itself). Every append runs
 * in the transaction of the step it records, under that step's lock of the period row, so two appends never race
 * for the same place (the unique (period, seq) index would refuse the second anyway).
 */

type PeriodRef = { id_school: number; id_campus_year: number };

/** Appends one entry after the period's last; answers it (its hash goes into a draw's record). */
export async function appendLog(
  db: Executor,
  period: PeriodRef,
  kind: LotteryLogKind,
  facts: Record<string, unknown>,
  at = new Date(),
): Promise<LotteryLogEntry> {
  const entry = nextEntry(await repo.lastLogEntry(db, period.id_campus_year), kind, at, facts);
  await repo.insertLogEntry(db, {
    id_school: period.id_school,
    id_campus_year: period.id_campus_year,
    ...entry,
    at,
  });
  return entry;
}

/**
 * A step of the period's lottery written twice with the same facts: in its public log, and in the audit log as
 * `lottery.<kind>` (by whom, which the public log never says), with `audit`'s extra facts.
 */
export async function recordStep(
  db: Executor,
  actor: AuditActor,
  period: PeriodRef & { id_campus: number },
  kind: 'freeze' | 'unfreeze' | 'rerun',
  facts: { id_lottery: number } & Record<string, unknown>,
  options: { at?: Date; audit?: Record<string, unknown> } = {},
) {
  await appendLog(db, period, kind, facts, options.at);
  await writeAudit(db, actor, {
    action: `lottery.${kind}`,
    entity: 'lottery',
    entityId: facts.id_lottery,
    id_school: period.id_school,
    id_campus: period.id_campus,
    changes: { id_campus_year: period.id_campus_year, ...facts, ...options.audit },
  });
}

/** The stored rows as the chain's entries (the time as the ISO text the hash covers). */
export const entriesOf = (rows: Awaited<ReturnType<typeof repo.logOfPeriod>>): LotteryLogEntry[] =>
  rows.map((r) => ({ ...r, kind: r.kind as LotteryLogKind, at: r.at.toISOString() }));

/** `GET /lottery/log`: the period's log for staff, with the address of its public page. */
export async function periodLog(db: Db, caller: Principal, id_campus_year: number) {
  if (!(await repo.periodInScope(db, caller.scope, id_campus_year))) throw notFound();
  return {
    publicToken: await repo.publicTokenOf(db, id_campus_year),
    entries: entriesOf(await repo.logOfPeriod(db, id_campus_year)),
  };
}
