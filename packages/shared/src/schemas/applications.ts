import { z } from 'zod';
import { APPLICATION_LIST_TYPES, MOVE_TARGETS, STATUS_IDS } from '../application-status';
import { LIST_TYPE, STATUS, type StatusId } from '../constants';
import { CampusYearGradeRowSchema, SchoolYearRefSchema } from './enrollment';
import { WaitingReasonSchema } from './lottery';
import { FAMILY_LANGUAGES } from './family';
import { SMS_CONSENT_NOTE_MAX } from './sms-consent';
import { exactTotal, PageQuerySchema } from './pagination';
import { totalExactField } from './responses';
import {
  booleanFlag,
  id,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalText,
  personName,
  requiredSelect,
  requiredText,
} from './rules';

/**
 * The applications pipeline contract (docs/api-applications.md): lists, detail, intake, edits, status moves,
 * seats. Requests parse with the shared rules; responses are plain objects (unknown fields are stripped).
 */

/** The most applications one move, unread or bulk request may name. */
export const BULK_MAX = 1000;

/** A list of ids from JSON (`[1,2]`) or a query string (`1,2` or repeated keys). */
const idList = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
    z.array(id, { error: 'invalidValue' }).max(max, { error: 'tooLong' }),
  );

const numberIn = <T extends number>(values: readonly T[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: 'invalidValue' }).refine((n): n is T => (values as readonly number[]).includes(n), {
      error: 'invalidValue',
    }),
  ) as unknown as z.ZodType<T, unknown>;

const statusId = numberIn<StatusId>(STATUS_IDS);

export const APPLICATION_SORTS = ['correlative', 'applicant', 'createdAt'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

/**
 * `GET /application`. `type` picks the list (inbox 1 by default); `ids_status` narrows it (statuses outside the
 * list are ignored); the other fields are the filters of spec section 5. Omitted campus = every campus in scope.
 */
export const ApplicationListQuerySchema = PageQuerySchema.extend({
  type: numberIn(APPLICATION_LIST_TYPES).default(LIST_TYPE.INBOX),
  id_campus: id.optional(),
  id_school_year: id.optional(),
  /** Statuses to show (`1,2,3` or repeated); default: the list's statuses (LIST_STATUSES). */
  ids_status: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
      z.array(statusId, { error: 'invalidValue' }).max(20, { error: 'tooLong' }),
    )
    .optional(),
  /** Applications with ANY of these tags. */
  tagIds: idList(50).optional(),
  id_grade: id.optional(),
  id_priority_item: id.optional(),
  id_status: statusId.optional(),
  /** Default: `createdAt` desc; the waiting list: grade, then position. */
  sort: z.enum(APPLICATION_SORTS, { error: 'invalidValue' }).optional(),
  direction: z.enum(['asc', 'desc'], { error: 'invalidValue' }).optional(),
  /** Count every matching application; by default the total is exact up to LIST_TOTAL_BOUND ("2,000+" beyond). */
  exactTotal,
});
export type ApplicationListQuery = z.infer<typeof ApplicationListQuerySchema>;

const applicantFields = {
  firstName: personName(100),
  lastName: personName(100),
  email: optionalEmail,
  phoneNumber: optionalPhone,
  dateOfBirth: optionalDate(),
  /** One line, kept as given when no part below is; built from the parts when any is (docs/sis-export-formats.md). */
  address: optionalText(300),
  addressStreet: optionalText(200),
  addressCity: optionalText(100),
  /** Two-letter state code (AZ). */
  addressState: optionalText(2)
    .refine((v) => v === null || /^[A-Za-z]{2}$/.test(v), { error: 'invalidValue' })
    .transform((v) => v && v.toUpperCase()),
  /** 12345 or 12345-6789. */
  addressZip: optionalText(10).refine((v) => v === null || /^\d{5}(-\d{4})?$/.test(v), { error: 'invalidValue' }),
  gender: optionalText(40),
  ethnicity: optionalText(100),
  actualSchool: optionalText(200),
  sisterSchool: optionalText(200),
};

const guardianFields = {
  id_guardian_type: optionalId,
  name: personName(200),
  email: optionalEmail,
  phoneNumber: optionalPhone,
  address: optionalText(300),
  occupation: optionalText(200),
  dateOfBirth: optionalDate(),
  /** The language messages to the guardian are written in (one of the portal's six); unchanged when absent. */
  language: z.enum(FAMILY_LANGUAGES, { error: 'invalidValue' }).optional(),
};

export const ApplicantInputSchema = z.object(applicantFields);
export type ApplicantInput = z.infer<typeof ApplicantInputSchema>;

/** A guardian needs a way to be reached: an e-mail or a phone. */
export const GuardianInputSchema = z
  .object(guardianFields)
  .refine((g) => g.email !== null || g.phoneNumber !== null, { error: 'guardianContactRequired', path: ['email'] });
export type GuardianInput = z.infer<typeof GuardianInputSchema>;

/** The lead kinds an intake may start in: lead, '9th grade transfer', 'Enrollment next year'. */
export const INTAKE_STATUSES = [STATUS.LEAD, STATUS.LEAD_2, STATUS.LEAD_3] as const;

/** How a family heard of the school, as staff note it at a walk-in or phone intake. */
export const HEARD_FROM = ['friend_family', 'website', 'social_media', 'event', 'advertising', 'other'] as const;
export type HeardFrom = (typeof HEARD_FROM)[number];

/** How an application came in: staff intake, a form provider's webhook, a copy to another school year, an import. */
export const APPLICATION_ORIGINS = ['staff', 'web_form', 'copy', 'import'] as const;
export type ApplicationOrigin = (typeof APPLICATION_ORIGINS)[number];

/** `POST /application`: a new lead (intake). */
export const ApplicationCreateSchema = z.object({
  id_campus: requiredSelect,
  id_school_year: requiredSelect,
  id_grade: optionalId,
  id_priority_item: optionalId,
  id_status: numberIn(INTAKE_STATUSES).default(STATUS.LEAD),
  event_date: optionalDate(),
  event_preference: optionalText(200),
  sibling_priority: booleanFlag.default(false),
  /** How the family heard of the school (HEARD_FROM); empty or absent: not asked. */
  heard_from: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.enum(HEARD_FROM, { error: 'invalidValue' }).nullable(),
  ),
  applicant: ApplicantInputSchema,
  guardian: GuardianInputSchema,
  /**
   * Where the family said yes to texts (staff's words: "on the phone with the office"); empty: no consent recorded.
   * The consent is for the phone texts go to (the guardian's, else the student's).
   */
  sms_consent_source: optionalText(SMS_CONSENT_NOTE_MAX),
});
export type ApplicationCreate = z.infer<typeof ApplicationCreateSchema>;

/** `PUT /application`: student and guardian info (the application needs a grade first: 'gradeRequired'). */
export const ApplicationUpdateSchema = z.object({
  id_application: id,
  applicant: ApplicantInputSchema,
  guardian: GuardianInputSchema,
  event_date: optionalDate(),
  event_preference: optionalText(200),
});
export type ApplicationUpdate = z.infer<typeof ApplicationUpdateSchema>;

/** `PUT /application/grade`: set or (null / -1) remove the grade. */
export const ApplicationGradeSchema = z.object({ id_application: id, id_grade: optionalId });
export type ApplicationGrade = z.infer<typeof ApplicationGradeSchema>;

/** `PUT /application/priority`: set or (null / -1) remove the priority item. */
export const ApplicationPrioritySchema = z.object({ id_application: id, id_priority_item: optionalId });
export type ApplicationPriority = z.infer<typeof ApplicationPrioritySchema>;

const applicationIds = z
  .array(id, { error: 'invalidValue' })
  .min(1, { error: 'required' })
  .max(BULK_MAX, { error: 'tooLong' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'invalidValue' });

/** `PUT /application/status`: one or many applications to one status (a target of TRANSITIONS). */
export const StatusMoveSchema = z.object({
  applicationIds,
  id_status: numberIn(MOVE_TARGETS),
  /** Hold the families' status messages until staff release them (docs/api-lottery.md, "Releasing the offers"). */
  holdMessages: z.boolean().optional(),
  /**
   * Enrolled with a registration packet not complete (docs/registration.md, "Enrolled only when complete"): the staff
   * member's reason to move anyway, audited as `registration.override`. Absent: such a move is refused.
   */
  registrationOverride: requiredText(500).optional(),
});
export type StatusMove = z.infer<typeof StatusMoveSchema>;

/** `PUT /application/status/previous`: back one step in the application's history. */
export const PreviousStatusSchema = z.object({ id_application: id });
export type PreviousStatus = z.infer<typeof PreviousStatusSchema>;

/**
 * `POST /application/transfer-spot`: the seat of `id_application_from` (offered, confirmed or enrolled) goes to
 * `id_application_to` (same school period and grade), which becomes offered; the giver becomes declined.
 */
export const TransferSpotSchema = z
  .object({ id_application_from: id, id_application_to: id })
  .refine((v) => v.id_application_from !== v.id_application_to, {
    error: 'invalidValue',
    path: ['id_application_to'],
  });
export type TransferSpot = z.infer<typeof TransferSpotSchema>;

/** `PUT /application/unread`. */
export const UnreadSchema = z.object({ applicationIds });
export type Unread = z.infer<typeof UnreadSchema>;

export const StatusHistoryQuerySchema = z.object({ id_application: id });
export const SpotsParamsSchema = z.object({ id_campus_year: id });
export const ApplicationParamsSchema = z.object({ id: id });

// ---- responses ----

const int = () => z.number().int();
const nullableInt = () => z.number().int().nullable();
const str = () => z.string();
const nstr = () => z.string().nullable();

export const StatusRefSchema = z.object({ id_status: int(), name: str() });
export const GradeRefSchema = z.object({ id_grade: int(), name: str(), age: int() });
export const TagRefSchema = z.object({ id_tag: int(), name: str() });

/** What the lottery and the waiting list say about an application (lists and detail). */
const lotteryFacts = {
  /** Rank inside its priority level in the period's draw; null when it was not drawn. */
  lottery_number: nullableInt(),
  /** The level it was drawn at (the sibling level when the sibling rule moved it); null when not drawn. */
  lottery_level: nullableInt(),
  /** When its offer lapses (ISO); null when not offered or when the period's offers do not lapse. */
  offer_expires_at: nstr(),
  /** "Why this position": null when it is not on the waiting list. */
  waitingReason: WaitingReasonSchema.nullable(),
};

/** A sibling application shown on the detail. */
export const SiblingRefSchema = z.object({
  id_application: int(),
  correlative: int(),
  applicantName: str(),
  grade: nstr(),
  id_status: int(),
});

/** A row of every applications list (spec section 2 columns). */
export const ApplicationRowSchema = z
  .object({
    id_application: int(),
    correlative: int(),
    createdAt: str(),
    id_campus: int(),
    campus: z.object({ id_campus: int(), name: str() }),
    id_school_year: int(),
    id_campus_year: nullableInt(),
    applicant: z.object({
      id_applicant: int(),
      firstName: str(),
      lastName: str(),
      email: nstr(),
      phoneNumber: nstr(),
      guardianName: nstr(),
      guardianEmail: nstr(),
      guardianPhoneNumber: nstr(),
    }),
    /** The applicant's full name, as the list shows it. */
    applicantName: str(),
    /** The contact shown in the list: the applicant's, else the guardian's. */
    email: nstr(),
    phoneNumber: nstr(),
    id_grade: nullableInt(),
    grade: GradeRefSchema.nullable(),
    id_priority_item: nullableInt(),
    id_status: int(),
    status: StatusRefSchema,
    waiting_list_position: nullableInt(),
    ...lotteryFacts,
    read: z.boolean(),
    /** The newest move, for the unread tooltip 'moved from {from} to {to}' (from is null for a new lead). */
    lastMove: z
      .object({
        from: StatusRefSchema.nullable(),
        to: StatusRefSchema,
        /** Who moved it (null: an automatic move or an intake); a screen may skip the dot for the caller's own move. */
        id_user: nullableInt(),
        createdAt: str(),
      })
      .nullable(),
    tags: z.array(TagRefSchema),
  })
  .describe('An application in a list');
export type ApplicationRow = z.infer<typeof ApplicationRowSchema>;

export const ApplicationPageSchema = z
  .object({
    data: z.array(ApplicationRowSchema),
    total: int(),
    /** false: more than `total` applications match (counted up to LIST_TOTAL_BOUND); true: `total` is exact. */
    totalExact: totalExactField,
    page: int(),
    pageSize: int(),
  })
  .describe('One page of applications and the total');
export type ApplicationPage = z.infer<typeof ApplicationPageSchema>;

export const StatusHistoryRowSchema = z
  .object({
    id_application_status: int(),
    id_status: int(),
    status: StatusRefSchema,
    id_status_from: nullableInt(),
    statusFrom: StatusRefSchema.nullable(),
    waiting_list_position: nullableInt(),
    read: z.boolean(),
    statusMovementType: z.object({ id_status_movement_type: int(), name: str() }),
    author: z.object({ id_user: int(), name: str() }).nullable(),
    createdAt: str(),
  })
  .describe('A row of the status history');
export type StatusHistoryRow = z.infer<typeof StatusHistoryRowSchema>;

export const ApplicationNoteRowSchema = z.object({
  id_application_note: int(),
  note: str(),
  author: z.object({ id_user: int(), name: str() }).nullable(),
  createdAt: str(),
});
export const ApplicationFileRowSchema = z.object({
  id_application_file: int(),
  originalName: str(),
  mimeType: str(),
  size: int(),
  createdAt: str(),
});

/** The application detail (spec section 3 Application entity). */
export const ApplicationDetailSchema = z
  .object({
    id_application: int(),
    correlative: int(),
    createdAt: str(),
    updatedAt: str(),
    /** When its personal data was removed (retention policy or a family's request); null while it is whole. */
    anonymisedAt: nstr(),
    applicant: z.object({
      id_applicant: int(),
      firstName: str(),
      lastName: str(),
      email: nstr(),
      phoneNumber: nstr(),
      dateOfBirth: nstr(),
      address: nstr(),
      addressStreet: nstr(),
      addressCity: nstr(),
      addressState: nstr(),
      addressZip: nstr(),
      gender: nstr(),
      ethnicity: nstr(),
      actualSchool: nstr(),
      sisterSchool: nstr(),
      id_guardian_type: nullableInt(),
      guardianType: z.object({ name: str() }).nullable(),
      guardianName: nstr(),
      guardianEmail: nstr(),
      guardianPhoneNumber: nstr(),
      guardianAddress: nstr(),
      guardianOccupation: nstr(),
      guardianDateOfBirth: nstr(),
      guardianLanguage: str(),
    }),
    id_grade: nullableInt(),
    grade: GradeRefSchema.nullable(),
    id_priority_item: nullableInt(),
    priority_item: z.object({ name: str(), campuses: z.array(z.object({ priority_level: nullableInt() })) }).nullable(),
    id_status: int(),
    status: StatusRefSchema,
    /** Newest first. */
    statuses: z.array(StatusHistoryRowSchema),
    /** Statuses undone with 'previous status', newest first. */
    lastDeletedStatus: z.array(z.object({ id_status: int(), createdAt: str() })),
    /** The status 'previous status' would go back to, or null when there is none. */
    previousStatus: nullableInt(),
    /** The statuses this application may be moved to (the TRANSITIONS table; the caller's permissions apart). */
    allowedStatuses: z.array(int()),
    waiting_list_position: nullableInt(),
    ...lotteryFacts,
    /**
     * Live applications of the same school period whose guardian shares a normalised e-mail or phone with this one
     * (linked transitively, as the lottery links families), this one left out.
     */
    siblings: z.array(SiblingRefSchema),
    read: z.boolean(),
    id_campus: int(),
    campuses: z.array(
      z.object({
        campus: z.object({ id_campus: int(), name: str(), school: z.object({ id_school: int(), name: str() }) }),
      }),
    ),
    id_school_year: int(),
    school_year: SchoolYearRefSchema,
    id_campus_year: nullableInt(),
    /** not_started, started, finalized (finalized: read-only, under Historical). */
    periodState: nstr(),
    applicationTag: z.array(z.object({ id_tag: int(), tag: TagRefSchema })),
    applicationFiles: z.array(ApplicationFileRowSchema),
    notes: z.array(ApplicationNoteRowSchema),
    event_date: nstr(),
    event_preference: nstr(),
    sibling_priority: z.boolean(),
    copiedFrom: nullableInt(),
    campaign_id: nstr(),
    ad_id: nstr(),
    platform: nullableInt(),
    /** HEARD_FROM, or null when not noted. */
    heard_from: nstr(),
    /** APPLICATION_ORIGINS, or null for applications older than the field. */
    origin: nstr(),
  })
  .describe('An application with everything its detail screen shows');
export type ApplicationDetail = z.infer<typeof ApplicationDetailSchema>;

/** A possible duplicate found at intake (a warning, the application is still created). */
export const DuplicateSchema = z.object({
  id_application: int(),
  correlative: int(),
  reason: z.enum(['applicant', 'guardian']),
});

/** `POST /application/duplicates`: the possible duplicates an intake would warn about, asked before saving. */
export const DuplicateCheckSchema = z
  .object({
    duplicates: z.array(DuplicateSchema.extend({ applicantName: str(), id_status: int(), status: StatusRefSchema })),
  })
  .describe('Live applications of the period with the same child or family');
export type DuplicateCheck = z.infer<typeof DuplicateCheckSchema>;

export const ApplicationCreatedSchema = z
  .object({ message: str(), data: ApplicationDetailSchema, duplicates: z.array(DuplicateSchema) })
  .describe('The new application and any applications it may duplicate');
export type ApplicationCreated = z.infer<typeof ApplicationCreatedSchema>;

export const MovedRowSchema = z.object({
  id_application: int(),
  correlative: int(),
  id_status_from: int(),
  id_status: int(),
  waiting_list_position: nullableInt(),
});
export type MovedRow = z.infer<typeof MovedRowSchema>;

export const RefusedMoveSchema = z.object({ id_application: int(), code: str(), message: str() });

/**
 * What the screen says after a move, as the server decides it: a severity and a message key of the shared catalogue
 * with its `{name}` parameters, shown as it is in the reader's language (`message` is the same, already translated).
 */
export const MoveNoticeSchema = z.object({
  severity: z.enum(['success', 'warning', 'error']),
  key: str(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type MoveNotice = z.infer<typeof MoveNoticeSchema>;

/**
 * The answer of a move: `data` the applications moved (including any offered automatically from the waiting list,
 * listed in `autoOffered` too), `nonTransferable` the ids left where they were because their grade had no seat,
 * `refused` the ids whose move is not allowed (status, school period), each with its message.
 */
export const StatusMoveResultSchema = z
  .object({
    message: str(),
    notice: MoveNoticeSchema,
    data: z.array(MovedRowSchema),
    nonTransferable: z.array(int()),
    refused: z.array(RefusedMoveSchema),
    autoOffered: z.array(MovedRowSchema),
  })
  .describe('What moved, what had no seat, what was refused');
export type StatusMoveResult = z.infer<typeof StatusMoveResultSchema>;

export const SpotsResponseSchema = z
  .array(CampusYearGradeRowSchema)
  .describe('The seats and seats taken of each grade of a school period');
export type SpotsResponse = z.infer<typeof SpotsResponseSchema>;

export const StatusHistoryResponseSchema = z.array(StatusHistoryRowSchema).describe('The status history, newest first');
