/** Business constants of spec section 9 and the ids of spec sections 4 and 6. */

export const CONTEXT_TYPE = { SYSTEM: 1, SCHOOL: 2, CAMPUS: 3, SCHOOL_MAINTAINER: 4 } as const;
export type ContextTypeId = (typeof CONTEXT_TYPE)[keyof typeof CONTEXT_TYPE];
export const CONTEXT_TYPE_NAMES: Record<ContextTypeId, string> = {
  1: 'system',
  2: 'school',
  3: 'campus',
  4: 'school maintainer',
};

export const SUPER_ADMIN_ROLE = 'SuperAdmin';

export const STATUS = {
  LEAD: 1,
  CONTACTED: 2,
  APPLIED: 3,
  DENIED: 4,
  OFFERED: 5,
  WAITING_LIST: 6,
  CONFIRMED: 7,
  DECLINED: 8,
  ENROLLED: 9,
  LEAD_2: 10,
  LEAD_3: 11,
} as const;
export type StatusId = (typeof STATUS)[keyof typeof STATUS];

/** id, name and label of every application status (spec section 4). */
export const STATUSES: ReadonlyArray<{ id_status: StatusId; name: string; label: string }> = [
  { id_status: 1, name: 'lead', label: 'initial lead' },
  { id_status: 2, name: 'contacted', label: 'contacted' },
  { id_status: 3, name: 'applied', label: 'applied' },
  { id_status: 4, name: 'denied', label: 'denied' },
  { id_status: 5, name: 'offered', label: 'offered' },
  { id_status: 6, name: 'waitingList', label: 'waiting list' },
  { id_status: 7, name: 'confirmed', label: 'confirmed' },
  { id_status: 8, name: 'declined', label: 'declined' },
  { id_status: 9, name: 'enrolled', label: 'enrolled' },
  { id_status: 10, name: 'lead_2', label: '9th grade transfer' },
  { id_status: 11, name: 'lead_3', label: 'Enrollment next year' },
];

export const LIST_TYPE = {
  INBOX: 1,
  SELECTED_LIST: 2,
  WAITING_LIST: 3,
  HISTORICAL: 4,
  DECLINED: 5,
  DENIED: 6,
  ADS_TRACKING: 7,
  OTHERS: 8,
  SCHOOL_APPS: 9,
} as const;

/** Statuses each list shows by default (spec section 7). */
export const DEFAULT_LIST_STATUSES = {
  [LIST_TYPE.INBOX]: [STATUS.LEAD, STATUS.CONTACTED, STATUS.APPLIED],
  [LIST_TYPE.DENIED]: [STATUS.DENIED],
  [LIST_TYPE.SELECTED_LIST]: [STATUS.OFFERED, STATUS.CONFIRMED, STATUS.ENROLLED],
  [LIST_TYPE.WAITING_LIST]: [STATUS.WAITING_LIST],
  [LIST_TYPE.DECLINED]: [STATUS.DECLINED],
} as const;

export const FILTER_ID = { GRADE: 1, PRIORITY: 2, TAG: 3, STATUS: 4, SCHOOL_PERIOD: 5, CAMPUS: 6 } as const;
export const DATE_RANGE = {
  THIS_MONTH: 1,
  LAST_3_MONTHS: 2,
  LAST_6_MONTHS: 3,
  LAST_YEAR: 4,
  THIS_YEAR: 5,
  PERSONALIZED: 6,
} as const;

export const FORM_PROVIDER = { TYPEFORM: 1, GOOGLE_FORMS: 2 } as const;
export const ENROLLMENT_SIS = { POWERSCHOOL: 1, SCHOOLMINT: 2, ASPIRE: 3 } as const;
export const AD_PLATFORM = { FB_PIXEL: 1, GOOGLE_ADS: 2 } as const;
export const TASK_STATUS = { PENDING: 1, WORKING_ON_IT: 2, DONE: 3 } as const;
export const ENROLLMENT_MODE = { MANUAL: 1, AUTOMATIC: 2 } as const;
export const ENABLED = { DISABLED: 1, ENABLED: 2 } as const;

/** School period (campus year) states. */
export const PERIOD_STATE = { NOT_STARTED: 'not_started', STARTED: 'started', FINALIZED: 'finalized' } as const;
export type PeriodState = (typeof PERIOD_STATE)[keyof typeof PERIOD_STATE];

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** A stored or asked-for language as one we speak: Spanish when it says so, else the fallback. */
export const supportedLanguage = (value: string | null | undefined): Language =>
  value === 'es' ? 'es' : FALLBACK_LANGUAGE;

export const THEMES = ['default', 'test', 'Orange', 'Purple', 'Blue', 'Pink'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1440, special: 3166 } as const;

export const NOTICE_DURATION_MS = 6000;
export const COPY_CONFIRMATION_MS = 1000;
export const TRUNCATE_DEFAULT = 15;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const REORDER_REASON_MIN = 10;
export const DESCRIPTION_MIN = 10;
export const TOKEN_REFRESH_RETRIES = 2;
export const PAGE_DEFAULT = 0;
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;
/**
 * The long lists (applications, message history, submissions...) count their matching rows only up to this many:
 * `SELECT count(*) FROM (SELECT 1 ... LIMIT bound + 1)` costs the same at 100,000 rows as at 2,001, where an exact
 * `count(*)` was two thirds of a page's SQL and grew with the data. Beyond it a page answers "more than 2,000" and
 * counts exactly only when asked (`exactTotal=true`). 2,000 is 80 pages of 25: more than anyone pages through, and
 * the number of rows below which the applications list sorts the matches itself (applications.repository.ts).
 */
export const LIST_TOTAL_BOUND = 2000;
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
