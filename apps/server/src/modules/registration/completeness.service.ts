import type { Executor } from '../../db/client';
import { latestResponse } from './packet.chain';
import * as packets from './packet.repository';

/*
 * "Enrolled only when complete" (docs/registration.md): an application is complete when every required item in
 * force of its period's checklist has an approved response (on that version or one it replaced, as the packet shows
 * it). A period without a checklist, or an application without a period, has nothing to complete.
 */

export type RegistrationSubject = { id_application: number; id_campus_year: number | null };

/** The ids of these applications whose registration is not complete. */
export async function incompleteRegistrations(
  db: Executor,
  apps: readonly RegistrationSubject[],
): Promise<Set<number>> {
  const periods = [...new Set(apps.flatMap((a) => (a.id_campus_year === null ? [] : [a.id_campus_year])))];
  if (periods.length === 0) return new Set();
  const items = await packets.itemsOfPeriods(db, periods);
  const withRequired = new Set(items.filter((i) => i.required && i.retiredAt === null).map((i) => i.id_campus_year));
  const concerned = apps.filter((a) => a.id_campus_year !== null && withRequired.has(a.id_campus_year));
  if (concerned.length === 0) return new Set();
  const responses = await packets.responsesOfMany(
    db,
    concerned.map((a) => a.id_application),
  );
  const incomplete = new Set<number>();
  for (const app of concerned) {
    const own = items.filter((i) => i.id_campus_year === app.id_campus_year);
    const shown = latestResponse(
      own,
      responses.filter((r) => r.id_application === app.id_application),
    );
    if (own.some((i) => i.required && i.retiredAt === null && shown(i)?.state !== 'approved'))
      incomplete.add(app.id_application);
  }
  return incomplete;
}
