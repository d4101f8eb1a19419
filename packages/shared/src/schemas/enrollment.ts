import { z } from 'zod';
import { ENROLLMENT_MODE, PERIOD_STATE, type PeriodState } from '../constants';
import type { MessageKey } from '../messages';
import { booleanFlag, id, optionalDate, optionalText, requiredSelect, requiredText, spots } from './rules';
import { PageQuerySchema } from './pagination';

/** Whole days, 0 or more (the enrollment acceptance period). */
const days = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'mustBeNumber') })
    .int({ error: 'mustBeInteger' })
    .min(0, { error: 'amountMin' }),
);

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
  enrollment_acceptance_period: days.default(0),
  /** 1 manual, 2 automatic (ENROLLMENT_MODE). */
  enrollment_mode: enrollmentMode.default(ENROLLMENT_MODE.MANUAL),
  /** When an offered seat is declined, offer it to the next on the waiting list. */
  auto_move_waiting_list_on_decline: booleanFlag.default(false),
};

/** End on or after start, reported on the end date field. */
const datesInOrder = (v: { enrollment_start_date: string | null; enrollment_end_date: string | null }) =>
  !v.enrollment_start_date || !v.enrollment_end_date || v.enrollment_end_date >= v.enrollment_start_date;
const datesInOrderIssue = { error: 'enrollmentDatesOrder', path: ['enrollment_end_date'] };

export const CampusYearCreateSchema = z.object(periodFields).refine(datesInOrder, datesInOrderIssue);
export type CampusYearCreate = z.infer<typeof CampusYearCreateSchema>;

/** The campus of a period never changes; the school year may change while the period has not started. */
export const CampusYearUpdateSchema = z.object({ id_campus_year: id, ...periodFields }).refine(datesInOrder, datesInOrderIssue);
export type CampusYearUpdate = z.infer<typeof CampusYearUpdateSchema>;

export const PERIOD_ACTIONS = ['start', 'finalize'] as const;
export type PeriodAction = (typeof PERIOD_ACTIONS)[number];

export const YearActivationSchema = z.object({ id_campus_year: id, action: z.enum(PERIOD_ACTIONS, { error: 'invalidValue' }) });
export type YearActivation = z.infer<typeof YearActivationSchema>;

export const CampusYearListQuerySchema = z.object({
  id_campus: id.optional(),
  state: z.enum([PERIOD_STATE.NOT_STARTED, PERIOD_STATE.STARTED, PERIOD_STATE.FINALIZED], { error: 'invalidValue' }).optional(),
  /** true: finalized periods only (the Historical view); false: every period that is not finalized. */
  historical: booleanFlag.optional(),
});
export type CampusYearListQuery = z.infer<typeof CampusYearListQuerySchema>;

/** Seats per grade, all of one period, saved together. */
export const SeatsUpdateSchema = z.array(z.object({ id_campus_year_grade: id, spots }), { error: 'invalidValue' }).min(1, { error: 'required' }).max(100, { error: 'tooLong' });
export type SeatsUpdate = z.infer<typeof SeatsUpdateSchema>;

const priorityLevel = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? 'required' : 'priorityLevelPositive') })
    .int({ error: 'priorityLevelPositive' })
    .positive({ error: 'priorityLevelPositive' })
    .max(1000, { error: 'priorityLevelPositive' }),
);

export const PrioritiesRequestSchema = z.object({
  id_campus: requiredSelect,
  items: z.array(z.object({ id_priority_item: id, priority_level: priorityLevel }), { error: 'invalidValue' }).max(100, { error: 'tooLong' }),
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

// ---- responses (what the web screens read) ----

export type SchoolYearRef = { id_school_year: number; name: string; year_one: number; year_two: number };

export type CampusYearRow = {
  id_campus_year: number;
  id_school: number;
  id_campus: number;
  campus: { id_campus: number; name: string };
  id_school_year: number;
  school_year: SchoolYearRef;
  spots: number;
  enrollment_start_date: string | null;
  enrollment_end_date: string | null;
  first_day_of_school: string | null;
  enrollment_acceptance_period: number;
  enrollment_mode: number;
  auto_move_waiting_list_on_decline: boolean;
  state: PeriodState;
  ready_to_start: boolean;
  /** Why the period cannot start yet (message keys; empty when ready). */
  readiness: MessageKey[];
  /** Sum of the seats given to grades, and of the seats taken. */
  seats: { spots: number; taken: number };
  startedAt: string | null;
  finalizedAt: string | null;
  updatedAt: string;
};

export type CampusYearGradeRow = {
  id_campus_year_grade: number;
  id_campus_year: number;
  id_grade: number;
  grade: { id_grade: number; name: string };
  spots: number;
  taken: number;
  available: number;
};

export type CampusSchoolYearRow = SchoolYearRef & { id_campus_year: number; state: PeriodState };

export type EnrollmentStatusReason = 'not_started' | 'ended' | 'finalized';
export type EnrollmentStatus = {
  acceptingApplications: boolean;
  reason: EnrollmentStatusReason | null;
  /** Translated notice and explanation when not accepting (reason 'ended': the spec's top bar notice). */
  message: string | null;
  help: string | null;
  endDate: string | null;
  id_campus_year: number | null;
  id_school_year: number | null;
  state: PeriodState | null;
};

export type PriorityRow = { id_priority_item: number; name: string; id_campus_priority: number | null; priority_level: number | null };

export type TagRow = { id_tag: number; name: string; description: string | null; id_campus: number; campus: { id_campus: number; name: string }; createdAt: string };
