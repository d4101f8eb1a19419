import { DEFAULT_TIME_ZONE } from '@openseat/shared/enrollment-rules';
import { periodOfferDeadlineOf, type PeriodOfferDeadlineRule } from '@openseat/shared/offer-deadline';
import type { Executor } from '../../db/client';
import { offerDeadlineRules } from './status-moves.repository';

/*
 * When an offer lapses, by its school period's rule on its campus's clock (docs/api-waiting-list.md, "Offer deadline
 * rule"): at the move that makes the offer, or, for a held offer, at the release that tells the family. Each
 * period's rule is read once per transaction, however many offers it makes.
 */
export class OfferDeadlines {
  private readonly rules = new Map<number, PeriodOfferDeadlineRule>();

  constructor(private readonly tx: Executor) {}

  /** Reads the rules of these periods ahead, in one statement (a release tells many periods' families at once). */
  async load(periodIds: number[]) {
    const missing = [...new Set(periodIds)].filter((id) => !this.rules.has(id));
    for (const { id_campus_year, timeZone, ...rule } of await offerDeadlineRules(this.tx, missing))
      this.rules.set(id_campus_year, { ...rule, timeZone: timeZone ?? DEFAULT_TIME_ZONE });
  }

  /** The deadline of an offer of the period published at `publishedAt`; null: it does not lapse (or no period). */
  async of(id_campus_year: number | null, publishedAt: Date): Promise<Date | null> {
    if (id_campus_year === null) return null;
    await this.load([id_campus_year]);
    const rule = this.rules.get(id_campus_year);
    return rule ? periodOfferDeadlineOf(rule, publishedAt) : null;
  }
}
