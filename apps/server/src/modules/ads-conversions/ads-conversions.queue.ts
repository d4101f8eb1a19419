import { STATUS } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { sendConversion } from './ads-conversions.jobs';
import { insertConversions } from './ads-conversions.repository';

/** The stages reported to the ads platforms. */
const REPORTED = new Set<number>([STATUS.APPLIED, STATUS.ENROLLED]);

/**
 * Called by MoveSession.flush in the move's transaction: one event row and one job per move into applied or
 * enrolled of an application that came from an ad, for schools that switched conversion events on. Everything else
 * (no ad, not opted in, another stage, a stage already reported) queues nothing. Answers how many were queued.
 */
export async function queueAdsConversions(
  tx: Executor,
  jobs: JobQueue,
  moves: ReadonlyArray<{ id_application: number; to: number }>,
): Promise<number> {
  const reported = moves
    .filter((m) => REPORTED.has(m.to))
    .map((m) => ({ id_application: m.id_application, id_status: m.to }));
  if (reported.length === 0) return 0;
  const ids = await insertConversions(tx, reported);
  for (const id_ads_conversion_event of ids) await jobs.enqueue(tx, sendConversion, { id_ads_conversion_event });
  return ids.length;
}
