import { z } from 'zod';
import { ENROLLMENT_MODE, PERIOD_STATE } from '../constants';
import type { MessageKey } from '../messages';
import { booleanFlag, id, optionalDate, optionalText, requiredSelect, requiredText, spots, wholeAmount } from './rules';
import { PageQuerySchema } from './pagination';
import { PeriodOfferDeadlineSchema } from './offer-deadline';

const enrollmentMode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(ENROLLMENT_MODE.MANUAL), z.literal(ENROLLMENT_MODE.AUTOMATIC)], { error: 'invalidValue' }),
);

const periodFields = {
  id_campus: requiredSelect,
  id_school_year: requiredSelect,
  /** Total seats of the period; the seats per grade must add up to at most this. */
  spots,
  enrollment_start_date: optionalDate(),
  enrollment_end_date: optionalDate(),
  first_day_of_school: optionalDate(),
  /** Days an offered family has to accept the seat. */
  enrollment_acceptance_period: wholeAmount.default(0),
  /** 1 manual, 2 automatic (ENROLLMENT_MODE). */
  enrollment_mode: enrollmentMode.default(ENROLLMENT_MODE.MANUAL),
  /** When an offered seat is declined, offer it to the next on the waiting list. */
  auto_move_waiting_list_on_decline: booleanFlag.default(false),
  /** Lottery sibling rule: once a child wins a seat, its siblings are drawn at the sibling level (docs/lottery-algorithm.md). */
  /** Omitted on an update: unchanged (false for a new period). */
  sibling_priority: booleanFlag.optional(),
  /**
   * When offers lapse (docs/api-waiting-list.md, "Offer deadline rule"); neither days nor a fixed date: the acceptance
   * days above. Omitted on an update: unchanged (a new period: none, 17:00, no skipped days, no reminder).
   */
  offer_deadline: PeriodOfferDeadlineSchema.optional(),
};

/** End on or after start, reported on the end date field. */
const datesInOrder = (v: { enrollment_start_date: string | null; enrollment_end_date: string | null }) =>
  !v.enrollment_start_date || !v.enrollment_end_date || v.enrollment_end_date >= v.enrollment_start_date;
const datesInOrderIssue = { error: 'enrollmentDatesOrder', path: ['enrollment_end_date'] };

export const CampusYearCreateSchema = z.object(periodFields).refine(datesInOrder, datesInOrderIssue);
export type CampusYearCreate = z.infer<typeof CampusYearCreateSchema>;

/** The campus of a period never changes; the school year may change while the period has not started. */
export const CampusYearUpdateSchema = z
  .object({ id_campus_year: id, ...periodFields })
  .refine(datesInOrder, datesInOrderIssue);
export type CampusYearUpdate = z.infer<typeof CampusYearUpdateSchema>;

export const PERIOD_ACTIONS = ['start', 'finalize'] as const;
export type PeriodAction = (typeof PERIOD_ACTIONS)[number];

export const YearActivationSchema = z.object({
  id_campus_year: id,
  action: z.enum(PERIOD_ACTIONS, { error: 'invalidValue' }),
});
export type YearActivation = z.infer<typeof YearActivationSchema>;

export const CampusYearListQuerySchema = z.object({
  id_campus: id.optional(),
  state: z
    .enum([PERIOD_STATE.NOT_STARTED, PERIOD_STATE.STARTED, PERIOD_STATE.FINALIZED], { error: 'invalidValue' })
    .optional(),
  /** true: finalized periods only (the Historical view); false: every period that is not finalized. */
  historical: booleanFlag.optional(),
});
export type CampusYearListQuery = z.infer<typeof CampusYearListQuerySchema>;

/** Seats per grade, all of one period, saved together. */
export const SeatsUpdateSchema = z
  .array(z.object({ id_campus_year_grade: id, spots }), { error: 'invalidValue' })
  .min(1, { error: 'required' })
  .max(100, { error: 'tooLong' });
export type SeatsUpdate = z.infer<typeof SeatsUpdateSchema>;

const priorityLevel = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'priorityLevelPositive') })
    .int({ error: 'priorityLevelPositive' })
    .positive({ error: 'priorityLevelPositive' })
    .max(1000, { error: 'priorityLevelPositive' }),
);

/** Lottery odds inside the level (docs/lottery-algorithm.md): above 0, at most 100; 1 when never set. */
const priorityWeight = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z.number({ error: 'invalidValue' }).gt(0, { error: 'invalidValue' }).lte(100, { error: 'invalidValue' }),
);

export const PrioritiesRequestSchema = z.object({
  id_campus: requiredSelect,
  items: z
    .array(
      z.object({
        id_priority_item: id,
        priority_level: priorityLevel,
        /** Omitted: unchanged (1 for an item the campus had not set). */
        weight: priorityWeight.optional(),
      }),
      { error: 'invalidValue' },
    )
    .max(100, { error: 'tooLong' }),
});
export type PrioritiesRequest = z.infer<typeof PrioritiesRequestSchema>;

export const TagRequestSchema = z.object({
  name: requiredText(80),
  description: optionalText(500),
  id_campus: requiredSelect,
});
export type TagRequest = z.infer<typeof TagRequestSchema>;

export const TagListQuerySchema = PageQuerySchema.extend({ id_campus: id.optional() });
export type TagListQuery = z.infer<typeof TagListQuerySchema>;

// ---- responses: what leaves the server (unknown fields are stripped) ----

const int = () => z.number().int();
const periodStateSchema = z.enum([PERIOD_STATE.NOT_STARTED, PERIOD_STATE.STARTED, PERIOD_STATE.FINALIZED]);

export const SchoolYearRefSchema = z.object({
  id_school_year: int(),
  name: z.string(),
  year_one: int(),
  year_two: int(),
});
export type SchoolYearRef = z.infer<typeof SchoolYearRefSchema>;

export const CampusYearRowSchema = z
  .object({
    id_campus_year: int(),
    id_school: int(),
    id_campus: int(),
    campus: z.object({ id_campus: int(), name: z.string() }),
    id_school_year: int(),
    school_year: SchoolYearRefSchema,
    spots: int(),
    enrollment_start_date: z.string().nullable(),
    enrollment_end_date: z.string().nullable(),
    first_day_of_school: z.string().nullable(),
    enrollment_acceptance_period: int(),
    offer_deadline: z.object({
      days: int().nullable(),
      fixedDate: z.string().nullable(),
      timeOfDay: z.string(),
      skipWeekends: z.boolean(),
      holidays: z.array(z.string()),
      reminderHours: int().nullable(),
    }),
    /** The IANA time zone the campus's deadlines are read in (its own, else its school's). */
    timeZone: z.string(),
    enrollment_mode: int(),
    auto_move_waiting_list_on_decline: z.boolean(),
    sibling_priority: z.boolean(),
    state: periodStateSchema,
    ready_to_start: z.boolean(),
    /** Why the period cannot start yet (message keys; empty when ready). */
    readiness: z.array(z.string()),
    /** Sum of the seats given to grades, and of the seats taken. */
    seats: z.object({ spots: int(), taken: int() }),
    startedAt: z.string().nullable(),
    finalizedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .describe('A school period');
export type CampusYearRow = Omit<z.infer<typeof CampusYearRowSchema>, 'readiness'> & { readiness: MessageKey[] };

export const CampusYearGradeRowSchema = z
  .object({
    id_campus_year_grade: int(),
    id_campus_year: int(),
    id_grade: int(),
    grade: z.object({ id_grade: int(), name: z.string() }),
    spots: int(),
    taken: int(),
    available: int(),
  })
  .describe('The seats of one grade in a school period');
export type CampusYearGradeRow = z.infer<typeof CampusYearGradeRowSchema>;

export const CampusSchoolYearRowSchema = SchoolYearRefSchema.extend({
  id_campus_year: int(),
  state: periodStateSchema,
}).describe('A school year with a period on the campus');
export type CampusSchoolYearRow = z.infer<typeof CampusSchoolYearRowSchema>;

export const ENROLLMENT_STATUS_REASONS = ['not_started', 'ended', 'finalized'] as const;
export type EnrollmentStatusReason = (typeof ENROLLMENT_STATUS_REASONS)[number];
export const EnrollmentStatusSchema = z
  .object({
    acceptingApplications: z.boolean(),
    reason: z.enum(ENROLLMENT_STATUS_REASONS).nullable(),
    /** Translated notice and explanation when not accepting (reason 'ended': the spec's top bar notice). */
    message: z.string().nullable(),
    help: z.string().nullable(),
    endDate: z.string().nullable(),
    id_campus_year: int().nullable(),
    id_school_year: int().nullable(),
    state: periodStateSchema.nullable(),
    /** The calendar day of the campus (its time zone) the decision was taken on. */
    today: z.string(),
    /** The IANA time zone of the campus's date rules (its own, else its school's). */
    timeZone: z.string(),
  })
  .describe('Whether the campus takes applications today, and why not');
export type EnrollmentStatus = z.infer<typeof EnrollmentStatusSchema>;

export const PriorityRowSchema = z
  .object({
    id_priority_item: int(),
    name: z.string(),
    id_campus_priority: int().nullable(),
    priority_level: int().nullable(),
    /** Lottery weight inside the level; null when the campus has not set the item. */
    weight: z.number().nullable(),
  })
  .describe('A priority item and its level on the campus');
export type PriorityRow = z.infer<typeof PriorityRowSchema>;

export const TagRowSchema = z
  .object({
    id_tag: int(),
    name: z.string(),
    description: z.string().nullable(),
    id_campus: int(),
    campus: z.object({ id_campus: int(), name: z.string() }),
    createdAt: z.string(),
  })
  .describe('A tag');
export type TagRow = z.infer<typeof TagRowSchema>;
