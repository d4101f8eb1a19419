import { DEFAULT_LIST_STATUSES, LIST_TYPE, STATUS, STATUSES, type StatusId } from './constants';
import type { Action, Subject } from './permissions';

/**
 * The application pipeline of spec sections 4, 6 and 7: which list shows which statuses, which statuses hold a
 * seat, the progress steps of the detail screen, and the one table of status moves staff may make.
 * The server enforces `transitionOf`; the screens offer only the moves it allows.
 */

export const STATUS_IDS = STATUSES.map((s) => s.id_status);
export const isStatusId = (v: number): v is StatusId => (STATUS_IDS as number[]).includes(v);
export const statusName = (id: number) => STATUSES.find((s) => s.id_status === id)?.name ?? '';

/** The list types the applications screens use (spec section 9); ads tracking (7) and others (8) are elsewhere. */
export const APPLICATION_LIST_TYPES = [
  LIST_TYPE.INBOX,
  LIST_TYPE.SELECTED_LIST,
  LIST_TYPE.WAITING_LIST,
  LIST_TYPE.HISTORICAL,
  LIST_TYPE.DECLINED,
  LIST_TYPE.DENIED,
  LIST_TYPE.SCHOOL_APPS,
] as const;
export type ApplicationListType = (typeof APPLICATION_LIST_TYPES)[number];

/** Every status: what the historical and school-applications lists show when no status is chosen. */
const EVERY_STATUS: readonly StatusId[] = STATUS_IDS;

/**
 * Statuses each list shows when the request names none (spec section 7). The inbox also shows the two other
 * lead kinds ('9th grade transfer', 'Enrollment next year'): they are leads, and no other list would show them.
 */
export const LIST_STATUSES: Record<ApplicationListType, readonly StatusId[]> = {
  [LIST_TYPE.INBOX]: [...DEFAULT_LIST_STATUSES[LIST_TYPE.INBOX], STATUS.LEAD_2, STATUS.LEAD_3],
  [LIST_TYPE.SELECTED_LIST]: DEFAULT_LIST_STATUSES[LIST_TYPE.SELECTED_LIST],
  [LIST_TYPE.WAITING_LIST]: DEFAULT_LIST_STATUSES[LIST_TYPE.WAITING_LIST],
  [LIST_TYPE.DECLINED]: DEFAULT_LIST_STATUSES[LIST_TYPE.DECLINED],
  [LIST_TYPE.DENIED]: DEFAULT_LIST_STATUSES[LIST_TYPE.DENIED],
  [LIST_TYPE.HISTORICAL]: EVERY_STATUS,
  [LIST_TYPE.SCHOOL_APPS]: EVERY_STATUS,
};

/** The list subject (spec section 6) whose `access` permission opens each list. */
export const LIST_SUBJECT: Record<ApplicationListType, Subject> = {
  [LIST_TYPE.INBOX]: 'applications',
  [LIST_TYPE.SELECTED_LIST]: 'selected_list',
  [LIST_TYPE.WAITING_LIST]: 'waiting_list',
  [LIST_TYPE.DECLINED]: 'declined_list',
  [LIST_TYPE.DENIED]: 'denied_applications',
  [LIST_TYPE.HISTORICAL]: 'historical',
  [LIST_TYPE.SCHOOL_APPS]: 'school_applications',
};

/** An application holds a seat of its grade in its school period while in one of these. */
export const SEAT_HOLDING_STATUSES: readonly StatusId[] = [STATUS.OFFERED, STATUS.CONFIRMED, STATUS.ENROLLED];
export const holdsSeat = (id_status: number) => (SEAT_HOLDING_STATUSES as number[]).includes(id_status);

/** The statuses whose applications the waiting list numbers 1..M per school period and grade. */
export const isWaiting = (id_status: number) => id_status === STATUS.WAITING_LIST;

const { LEAD, CONTACTED, APPLIED, DENIED, OFFERED, WAITING_LIST, CONFIRMED, DECLINED, ENROLLED, LEAD_2, LEAD_3 } =
  STATUS;

/** Progress steps of the detail screen per status, and the index of the current step (spec section 4 table). */
export const PROGRESS_STEPS: Record<StatusId, { steps: readonly StatusId[]; current: number }> = {
  [LEAD]: { steps: [LEAD, CONTACTED, APPLIED], current: 0 },
  [LEAD_2]: { steps: [LEAD, LEAD_2], current: 1 },
  [LEAD_3]: { steps: [LEAD, LEAD_3], current: 1 },
  [CONTACTED]: { steps: [LEAD, CONTACTED, APPLIED], current: 1 },
  [APPLIED]: { steps: [LEAD, CONTACTED, APPLIED], current: 2 },
  [DENIED]: { steps: [LEAD, CONTACTED, DENIED], current: 2 },
  [OFFERED]: { steps: [LEAD, CONTACTED, APPLIED, OFFERED, CONFIRMED, ENROLLED], current: 3 },
  [WAITING_LIST]: { steps: [LEAD, CONTACTED, APPLIED, WAITING_LIST], current: 3 },
  [CONFIRMED]: { steps: [LEAD, CONTACTED, APPLIED, OFFERED, CONFIRMED, ENROLLED], current: 4 },
  [DECLINED]: { steps: [LEAD, CONTACTED, APPLIED, OFFERED, DECLINED], current: 4 },
  [ENROLLED]: { steps: [LEAD, CONTACTED, APPLIED, OFFERED, CONFIRMED, ENROLLED], current: 5 },
};

/** A permission as [subject, action]; a move is allowed when the caller holds ANY of its permissions. */
export type Permission = readonly [Subject, Action];

const moveTo = {
  contacted: [['application', 'status_movement']],
  applied: [['application', 'status_movement']],
  offered: [
    ['application', 'move_to_offered'],
    ['application', 'move_to_selected_or_waiting'],
  ],
  offeredFromWaiting: [
    ['application', 'move_to_offered'],
    ['waiting_list', 'move_to_offered'],
  ],
  waiting: [
    ['application', 'move_to_waiting'],
    ['application', 'move_to_selected_or_waiting'],
  ],
  waitingFromDeclined: [
    ['application', 'move_to_waiting'],
    ['declined_list', 'move_to_waiting'],
  ],
  confirmed: [
    ['application', 'move_to_confirmed'],
    ['selected_list', 'move_to_confirmed'],
  ],
  enrolled: [
    ['application', 'move_to_enrolled'],
    ['selected_list', 'move_to_enrolled'],
  ],
  declined: [
    ['application', 'move_to_declined'],
    ['selected_list', 'move_to_declined'],
  ],
  denied: [
    ['application', 'move_to_denied'],
    ['application', 'deny_application'],
  ],
} as const satisfies Record<string, readonly Permission[]>;

/**
 * THE status moves staff may make: from -> to -> the permissions that allow it. Anything not listed is refused
 * ('moveNotAllowed'); going back one step is `PREVIOUS_STATUS_PERMISSIONS`, not a row here.
 *
 * Why these (the spec lists the moves but not where from; this is what an admissions office does):
 * - A lead (of any of the three kinds) is contacted, applies, or is denied. It cannot be offered a seat or put on
 *   the waiting list before it has applied: seats and lottery go to complete applications only.
 *   "Waiting for the applicant to fill the second form" is the move to contacted: the school has sent the form.
 * - An applied application is offered a seat, put on the waiting list, denied, or sent back to contacted when it
 *   turns out incomplete.
 * - The waiting list feeds offers; a waiting family may withdraw (declined) or be found ineligible (denied).
 * - An offer is confirmed by the family, or declined; a family may bring the enrolment papers at once
 *   (offered -> enrolled), and an offer made in error or on false information is denied.
 * - Confirmed goes to enrolled or declined; an enrolled student who withdraws is declined (frees the seat).
 * - A declined family may change its mind: back to the waiting list (the declined list's own action in spec
 *   section 6) or, when a seat is free, offered again.
 * - A denial can be reconsidered (appeal): denied -> applied.
 * - lead_2 and lead_3 are kinds of lead given at intake, never a move's target.
 * Seats follow the statuses (offered, confirmed, enrolled hold one), never the move.
 */
export const TRANSITIONS: Readonly<
  Partial<Record<StatusId, Readonly<Partial<Record<StatusId, readonly Permission[]>>>>>
> = {
  [LEAD]: { [CONTACTED]: moveTo.contacted, [APPLIED]: moveTo.applied, [DENIED]: moveTo.denied },
  [LEAD_2]: { [CONTACTED]: moveTo.contacted, [APPLIED]: moveTo.applied, [DENIED]: moveTo.denied },
  [LEAD_3]: { [CONTACTED]: moveTo.contacted, [APPLIED]: moveTo.applied, [DENIED]: moveTo.denied },
  [CONTACTED]: { [APPLIED]: moveTo.applied, [DENIED]: moveTo.denied },
  [APPLIED]: {
    [CONTACTED]: moveTo.contacted,
    [OFFERED]: moveTo.offered,
    [WAITING_LIST]: moveTo.waiting,
    [DENIED]: moveTo.denied,
  },
  [WAITING_LIST]: { [OFFERED]: moveTo.offeredFromWaiting, [DECLINED]: moveTo.declined, [DENIED]: moveTo.denied },
  [OFFERED]: {
    [CONFIRMED]: moveTo.confirmed,
    [ENROLLED]: moveTo.enrolled,
    [DECLINED]: moveTo.declined,
    [DENIED]: moveTo.denied,
  },
  [CONFIRMED]: { [ENROLLED]: moveTo.enrolled, [DECLINED]: moveTo.declined },
  [ENROLLED]: { [DECLINED]: moveTo.declined },
  [DECLINED]: { [WAITING_LIST]: moveTo.waitingFromDeclined, [OFFERED]: moveTo.offered },
  [DENIED]: { [APPLIED]: moveTo.applied },
};

/** Back to the previous status (`PUT /application/status/previous`). */
export const PREVIOUS_STATUS_PERMISSIONS: readonly Permission[] = [['application', 'previous_status']];

/** The permissions that allow a move, or null when the move is not in the table. */
export function transitionOf(from: number, to: number): readonly Permission[] | null {
  if (!isStatusId(from) || !isStatusId(to)) return null;
  return TRANSITIONS[from]?.[to] ?? null;
}

/** The statuses an application in `from` may move to (in status id order). */
export function allowedTargets(from: number): StatusId[] {
  if (!isStatusId(from)) return [];
  return STATUS_IDS.filter((to) => TRANSITIONS[from]?.[to]);
}

/** Whether a caller holding `can(action, subject)` may make the move from -> to. */
export function mayMove(can: (action: Action, subject: Subject) => boolean, from: number, to: number): boolean {
  const permissions = transitionOf(from, to);
  return permissions !== null && permissions.some(([subject, action]) => can(action, subject));
}

/** The statuses a move request may target: every status that some row of the table reaches. */
export const MOVE_TARGETS: readonly StatusId[] = STATUS_IDS.filter((to) =>
  STATUS_IDS.some((from) => TRANSITIONS[from]?.[to]),
);

/** Status-history movement types (catalog `status_movement_type`). */
export const MOVEMENT_TYPE = {
  MOVED: 1,
  LOTTERY: 2,
  PREVIOUS_STATUS: 3,
  AUTOMATIC: 4,
  /** The offer was not confirmed within the period's acceptance days (the daily offer-expiry job). */
  OFFER_EXPIRED: 5,
  /** Joined the waiting list after the draw, at its end in arrival order. */
  LATE_APPLICATION: 6,
  /** The family answered the offer themselves, in the family portal. */
  GUARDIAN: 7,
} as const;
