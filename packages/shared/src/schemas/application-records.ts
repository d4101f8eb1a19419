import { z } from 'zod';
import { FILTER_ID, LIST_TYPE, STATUS, type StatusId } from '../constants';
import { ApplicationListQuerySchema, BULK_MAX, TagRefSchema } from './applications';
import { id, requiredText, text } from './rules';

/**
 * The records kept around an application (docs/api-application-records.md): notes, files, tags, saved list
 * filters, exports and the move or copy to another school year.
 */

const int = () => z.number().int();
const str = () => z.string();

const numberIn = <T extends number>(values: readonly T[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: 'invalidValue' }).refine((n): n is T => (values as readonly number[]).includes(n), {
      error: 'invalidValue',
    }),
  ) as unknown as z.ZodType<T, unknown>;

/** Distinct application ids, 1 to BULK_MAX of them, from JSON or a query string (`1,2`). */
const applicationIds = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
  z
    .array(id, { error: 'invalidValue' })
    .min(1, { error: 'required' })
    .max(BULK_MAX, { error: 'tooLong' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'invalidValue' }),
);

export const RecordAuthorSchema = z.object({ id_user: int().nullable(), name: str() });

// ---- notes ----

export const NOTE_MAX = 5000;

/** `POST /application/notes`. */
export const NoteCreateSchema = z.object({ id_application: id, note: requiredText(NOTE_MAX) });
export type NoteCreate = z.infer<typeof NoteCreateSchema>;

/** `GET /application/notes?id_application=` and `GET /application/files?id_application=`. */
export const ApplicationRecordsQuerySchema = z.object({ id_application: id });

export const ApplicationNoteSchema = z
  .object({
    id_application_note: int(),
    id_application: int(),
    note: str(),
    /** Who wrote it; the name reads 'Unknown' (translated) when the author's account is gone. */
    author: RecordAuthorSchema,
    createdAt: str(),
  })
  .describe('A note on an application');
export type ApplicationNote = z.infer<typeof ApplicationNoteSchema>;

// ---- files ----

/** The most a file upload may weigh (the multipart limit of the app is the same). */
export const APPLICATION_FILE_LIMIT = 10 * 1024 * 1024;

/** The kinds of file an application accepts, by the type its content shows (never its name). */
export const APPLICATION_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
] as const;

/** The file picker's `accept`: the types above, and their extensions (browsers without a HEIC type match by name). */
export const APPLICATION_FILE_ACCEPT = [
  ...APPLICATION_FILE_TYPES,
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.heic',
  '.heif',
  '.docx',
  '.xlsx',
  '.odt',
].join(',');

/** `POST /application/upload-file`: the multipart fields besides the `file` part. */
export const FileUploadFieldsSchema = z.object({ id_application: id });

/** `DELETE /application/delete-file?id_application_file=`. */
export const FileDeleteQuerySchema = z.object({ id_application_file: id });
export const FileParamsSchema = z.object({ id: id });

export const ApplicationFileSchema = z
  .object({
    id_application_file: int(),
    id_application: int(),
    /** The name the file had on the uploader's computer (shown and offered on download; never a path on disk). */
    originalName: str(),
    mimeType: str(),
    size: int(),
    author: RecordAuthorSchema,
    createdAt: str(),
  })
  .describe('A file kept with an application');
export type ApplicationFile = z.infer<typeof ApplicationFileSchema>;

// ---- tags ----

/** `POST /application-tag` (add) and `DELETE /application-tag?id_application=&id_tag=` (remove). */
export const ApplicationTagRequestSchema = z.object({ id_application: id, id_tag: id });
export type ApplicationTagRequest = z.infer<typeof ApplicationTagRequestSchema>;

export const APPLICATION_TAG_TYPES = ['selected_list', 'app_list'] as const;

/**
 * `POST /application-tag/multiple`: one tag on a selection. `type` says which screen asked (the lottery's
 * selected list or an applications list), so the screen knows which list to update (spec section 4).
 */
export const ApplicationTagBulkSchema = z.object({
  applicationIds,
  id_tag: id,
  type: z.enum(APPLICATION_TAG_TYPES, { error: 'invalidValue' }).default('app_list'),
});
export type ApplicationTagBulk = z.infer<typeof ApplicationTagBulkSchema>;

export const ApplicationTagsSchema = z
  .object({ id_application: int(), tags: z.array(TagRefSchema) })
  .describe("An application's tags");
export type ApplicationTags = z.infer<typeof ApplicationTagsSchema>;

export const RecordRefusalSchema = z.object({ id_application: int(), code: str(), message: str() });

export const ApplicationTagBulkResultSchema = z
  .object({
    message: str(),
    type: z.enum(APPLICATION_TAG_TYPES),
    /** Applications that now carry the tag and did not before. */
    tagged: z.array(int()),
    /** Applications that already carried it (unchanged). */
    alreadyTagged: z.array(int()),
    /** Applications left alone: out of reach (not found) or of another campus than the tag. */
    refused: z.array(RecordRefusalSchema),
    /** The tags of every application in `tagged` and `alreadyTagged`, for the list on screen. */
    data: z.array(ApplicationTagsSchema),
  })
  .describe('Which applications were tagged');
export type ApplicationTagBulkResult = z.infer<typeof ApplicationTagBulkResultSchema>;

// ---- saved list filters ----

/** The lists whose filters a user keeps (spec section 3: application, denied, declined and historical). */
export const USER_FILTER_LIST_TYPES = [
  LIST_TYPE.INBOX,
  LIST_TYPE.HISTORICAL,
  LIST_TYPE.DECLINED,
  LIST_TYPE.DENIED,
] as const;
export const FILTER_IDS = Object.values(FILTER_ID);

/** The filter catalog (`GET /filter`), spec section 9 ids. */
export const FILTER_CATALOG = [
  { id_filter: FILTER_ID.GRADE, name: 'grade', field: 'id_grade' },
  { id_filter: FILTER_ID.PRIORITY, name: 'priority', field: 'id_priority_item' },
  { id_filter: FILTER_ID.TAG, name: 'tag', field: 'tagIds' },
  { id_filter: FILTER_ID.STATUS, name: 'status', field: 'ids_status' },
  { id_filter: FILTER_ID.SCHOOL_PERIOD, name: 'school_period', field: 'id_school_year' },
  { id_filter: FILTER_ID.CAMPUS, name: 'campus', field: 'id_campus' },
] as const;

export const FilterCatalogSchema = z
  .array(z.object({ id_filter: int(), name: str(), field: str(), listTypes: z.array(int()) }))
  .describe('The filters of the application lists and the list query field each one sets');

/**
 * `POST` or `PUT /user/filter`: one item of one list's saved filters. Empty `values` removes the item (the list
 * is back to its default for that filter).
 */
export const UserFilterItemSchema = z.object({
  listType: numberIn(USER_FILTER_LIST_TYPES),
  id_filter: numberIn(FILTER_IDS),
  values: z.array(id, { error: 'invalidValue' }).max(50, { error: 'tooLong' }),
});
export type UserFilterItem = z.infer<typeof UserFilterItemSchema>;

/** `GET /user/filter?listType=` (every list when omitted) and `DELETE /user/filter?listType=` (reset). */
export const UserFilterQuerySchema = z.object({ listType: numberIn(USER_FILTER_LIST_TYPES).optional() });

export const UserFilterListSchema = z
  .array(
    z.object({
      listType: int(),
      items: z.array(z.object({ id_filter: int(), values: z.array(int()) })),
    }),
  )
  .describe("The caller's saved filters, per list");
export type UserFilterList = z.infer<typeof UserFilterListSchema>;

// ---- exports ----

export const EXPORT_FORMATS = ['application', 'product', 'powerschool', 'schoolmint', 'aspire'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * What each student-information system receives of a list (docs/sis-export-formats.md, "What is exported"):
 * PowerSchool and Aspire hold students, so only families that took their seat and the enrolled; SchoolMint holds
 * applications, so every application from 'applied' on, never a lead. The other formats export the list as shown.
 */
export const SIS_EXPORT_STATUSES: Partial<Record<ExportFormat, readonly StatusId[]>> = {
  powerschool: [STATUS.CONFIRMED, STATUS.ENROLLED],
  aspire: [STATUS.CONFIRMED, STATUS.ENROLLED],
  schoolmint: [
    STATUS.APPLIED,
    STATUS.WAITING_LIST,
    STATUS.OFFERED,
    STATUS.CONFIRMED,
    STATUS.DECLINED,
    STATUS.ENROLLED,
    STATUS.DENIED,
  ],
};

/** The columns of the list screen the product CSV may carry, in the screen's order. */
export const PRODUCT_COLUMNS = [
  'createdAt',
  'correlative',
  'applicantName',
  'email',
  'phoneNumber',
  'grade',
  'status',
  'campus',
  'school_year',
  'waiting_list_position',
  'tags',
] as const;

/**
 * `GET /application/export`: the filters of `GET /application` (no page), the format, and for the product CSV the
 * columns shown on screen (comma-separated; default: all of PRODUCT_COLUMNS).
 */
export const ApplicationExportQuerySchema = ApplicationListQuerySchema.omit({
  page: true,
  pageSize: true,
  exactTotal: true,
}).extend({
  format: z.enum(EXPORT_FORMATS, { error: 'invalidValue' }).default('application'),
  columns: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : v),
      z.array(z.enum(PRODUCT_COLUMNS, { error: 'invalidValue' })).max(PRODUCT_COLUMNS.length, { error: 'tooLong' }),
    )
    .optional(),
  /** The language of the product CSV's headers and labels. */
  lng: z.enum(['en', 'es'], { error: 'invalidValue' }).optional(),
});
export type ApplicationExportQuery = z.infer<typeof ApplicationExportQuerySchema>;

// ---- school years ----

/** `PUT /application/update-school-year` and `POST /application/copy-to-school-year`. */
export const SchoolYearMoveSchema = z.object({ applicationIds, target: id });
export type SchoolYearMove = z.infer<typeof SchoolYearMoveSchema>;

/** `GET /application/school-year-targets?applicationIds=1,2`. */
export const SchoolYearTargetsQuerySchema = z.object({ applicationIds });

export const SchoolYearTargetsSchema = z
  .array(z.object({ id_school_year: int(), name: str() }))
  .describe('The school years the selection may be copied or moved to (empty: show the notice)');

export const SchoolYearTransferResultSchema = z
  .object({
    message: str(),
    data: z.array(z.object({ id_application: int(), id_school_year: int(), id_campus_year: int() })),
    /** Applications holding a seat whose grade has no free seat in the target period: left where they were. */
    nonTransferable: z.array(int()),
    refused: z.array(RecordRefusalSchema),
  })
  .describe('Which applications moved to the target school year');

export const CopyJobSchema = z
  .object({
    id_application_copy: int(),
    id_school_year: int(),
    status: z.enum(['pending', 'working', 'done', 'failed']),
    total: int(),
    processed: int(),
    copied: int(),
    /** 0 to 100, rounded. */
    progress: int(),
    createdAt: str(),
    finishedAt: str().nullable(),
  })
  .describe('A copy to another school year and how far it has gone');
export type CopyJob = z.infer<typeof CopyJobSchema>;

export const CopyStartedSchema = z
  .object({
    message: str(),
    data: CopyJobSchema,
    /** Applications left out of the copy (out of reach, same school year, no open period of the target). */
    refused: z.array(RecordRefusalSchema),
  })
  .describe('The copy, queued');
export const CopyParamsSchema = z.object({ id: id });

/** Text of a file name as the uploader gave it (kept only for display). */
export const originalFileName = text().trim().max(255, { error: 'tooLong' });
