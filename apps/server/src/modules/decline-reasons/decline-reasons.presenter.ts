import type { DeclineReasonLabels, DeclineReasons } from '@openseat/shared/schemas/decline-reasons';
import type { DeclineReasonRecord } from './decline-reasons.repository';

/** Only the languages written: an empty or missing one falls back to English in the portal. */
export function writtenLabels(labels: Partial<Record<string, string | null>> & { en: string }): DeclineReasonLabels {
  return Object.fromEntries(
    Object.entries(labels).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as DeclineReasonLabels;
}

export const presentDeclineReasons = (
  id_school: number,
  builtIn: boolean,
  rows: DeclineReasonRecord[],
): DeclineReasons => ({
  id_school,
  builtIn,
  reasons: rows.map((r) => ({ id_decline_reason: r.id_decline_reason, labels: writtenLabels(r.labels) })),
});
