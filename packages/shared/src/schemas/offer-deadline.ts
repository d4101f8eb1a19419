import { z } from 'zod';
import { booleanFlag, date, optionalDate, timeOfDay, wholeNumber } from './rules';

/*
 * A school period's offer deadline rule (issue 24, item 4; docs/api-waiting-list.md, "Offer deadline rule"): the
 * earlier of a fixed date or N days after the offer is published, at a time of day, optionally skipping weekends and
 * listed holidays. `offerDeadlineOf` (../offer-deadline.ts) turns it into an instant in the school's time zone.
 */

/** The most days a rule may give: a school year. */
export const OFFER_DEADLINE_DAYS_MAX = 365;
/** The most hours before a deadline a reminder may go out: 30 days. */
export const OFFER_REMINDER_HOURS_MAX = 720;
/** The most holidays a rule may list: one per day of a year. */
export const OFFER_DEADLINE_HOLIDAYS_MAX = 366;

const isMissing = (v: unknown) => v === undefined || v === null || v === '';

const days = z.preprocess(
  (v) => (isMissing(v) ? null : v),
  wholeNumber(0, OFFER_DEADLINE_DAYS_MAX, {
    required: 'quantityRequired',
    notNumber: 'mustBeNumber',
    notWhole: 'mustBeInteger',
    tooSmall: 'amountMin',
    tooLarge: 'numberOutOfRange',
  }).nullable(),
);

export const OfferDeadlineRuleSchema = z.object({
  /**
   * Open days after the day the offer is published (that day never counts); calendar days when no day is skipped.
   * 0: the same day if its time of day is still ahead, else the next open day. Null: no N-day deadline.
   */
  days,
  /** The last day to answer (YYYY-MM-DD): the earlier of it and the N-day deadline wins; null: none. */
  fixedDate: optionalDate(),
  /** The deadline's wall-clock time (HH:MM, 24 h) in the school's time zone. */
  timeOfDay,
  /** Saturdays and Sundays are not counted, and no deadline falls on one. */
  skipWeekends: booleanFlag.default(false),
  /** Days (YYYY-MM-DD) that are not counted and on which no deadline falls; stored sorted, each once. */
  holidays: z
    .array(date(), { error: 'invalidValue' })
    .max(OFFER_DEADLINE_HOLIDAYS_MAX, { error: 'tooLong' })
    .transform((list) => [...new Set(list)].sort())
    .default([]),
});
export type OfferDeadlineRule = z.infer<typeof OfferDeadlineRuleSchema>;

/** A school period's rule, and the family's reminder before the offer lapses. */
export const PeriodOfferDeadlineSchema = OfferDeadlineRuleSchema.extend({
  /** Hours before the deadline the family is reminded (through the campus's template); null: no reminder. */
  reminderHours: z.preprocess(
    (v) => (isMissing(v) ? null : v),
    wholeNumber(1, OFFER_REMINDER_HOURS_MAX, {
      required: 'quantityRequired',
      notNumber: 'mustBeNumber',
      notWhole: 'mustBeInteger',
      tooSmall: 'quantityPositive',
      tooLarge: 'numberOutOfRange',
    }).nullable(),
  ),
});
export type PeriodOfferDeadline = z.infer<typeof PeriodOfferDeadlineSchema>;
