import { z } from 'zod';
import { date, HH_MM, id, reorderReason } from './rules';

const hexText = z
  .string({ error: 'invalidValue' })
  .trim()
  .toLowerCase()
  .regex(/^(?:[0-9a-f]{2}){1,256}$/, { error: 'lotteryBeaconMalformed' });

/*
 * The lottery and waiting-list contract (docs/api-lottery.md; the draw itself: docs/lottery-algorithm.md).
 * Requests parse with the shared rules; responses are plain objects described here for the client and OpenAPI.
 */

export const LotteryPeriodSchema = z.object({ id_campus: id, id_school_year: id });
export type LotteryPeriod = z.infer<typeof LotteryPeriodSchema>;

/** `POST /application/lottery` (spec section 7), `POST /lottery/practice`, `POST /lottery/late`. */
export const LotteryRunSchema = z.object({
  id_campus: id,
  id_school_year: id,
  /**
   * The frozen lottery to draw (docs/lottery-algorithm.md, v2). A lottery frozen on a drand round needs the round's
   * value: `beacon` as pasted from any public relay, or `fetchBeacon` to fetch it from the configured relays. A lottery
   * frozen on dice draws once two staff users have entered the same digits (`POST /lottery/:id/dice`).
   */
  id_lottery: id.optional(),
  beacon: z
    .object({
      round: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).positive({ error: 'invalidValue' }),
      signature: hexText,
      previous_signature: hexText.optional(),
    })
    .optional(),
  fetchBeacon: z.boolean({ error: 'invalidValue' }).optional(),
});
export type LotteryRun = z.infer<typeof LotteryRunSchema>;

/** The public sources a real draw's randomness may come from; a practice run keeps the server's own seed. */
export const RANDOMNESS_SOURCES = ['drand', 'dice'] as const;
export type RandomnessSourceKind = (typeof RANDOMNESS_SOURCES)[number];
/** The League of Entropy's chains staff choose from. */
export const PUBLIC_BEACON_CHAINS = ['quicknet', 'default'] as const;
/**
 * The chains a freeze may name: the public ones, and `test`, the chain of a server's own end-to-end tests, refused
 * (400) unless that server was started with DRAND_TEST_CHAIN_PUBLIC_KEY outside production.
 */
export const BEACON_CHAIN_NAMES = [...PUBLIC_BEACON_CHAINS, 'test'] as const;

/**
 * `POST /lottery/freeze`: fixes the period's inputs and the source of the draw's randomness before it exists. For
 * drand, the committed round is the first at or after `drawAt` (the announced draw time, in the future).
 */
export const LotteryFreezeSchema = LotteryPeriodSchema.extend({
  source: z.enum(RANDOMNESS_SOURCES, { error: 'invalidValue' }),
  chain: z.enum(BEACON_CHAIN_NAMES, { error: 'invalidValue' }).optional(),
  drawAt: z.iso.datetime({ offset: true, error: 'invalidValue' }).optional(),
});
export type LotteryFreeze = z.infer<typeof LotteryFreezeSchema>;

/** `POST /lottery/unfreeze`: gives the inputs back to editing; the reason goes to the public log. */
/** A reason published in the period's lottery log. */
const publishedReason = z
  .string({ error: 'invalidValue' })
  .trim()
  .min(10, { error: 'reorderReasonMin' })
  .max(500, { error: 'invalidValue' });

export const LotteryUnfreezeSchema = LotteryPeriodSchema.extend({ reason: publishedReason });
export type LotteryUnfreeze = z.infer<typeof LotteryUnfreezeSchema>;

/** `POST /lottery/rerun`: sets the period's draw aside before its messages go out; the reason goes to the public log. */
export const LotteryRerunSchema = LotteryPeriodSchema.extend({ reason: publishedReason });
export type LotteryRerun = z.infer<typeof LotteryRerunSchema>;

/** `POST /lottery/:id/dice`: one staff user's entry of the dice rolled at the meeting. */
export const LotteryDiceSchema = z.object({ digits: z.string({ error: 'invalidValue' }).max(200) });
export type LotteryDice = z.infer<typeof LotteryDiceSchema>;

export const LotteryParamsSchema = z.object({ id: id });
export const LotteryListQuerySchema = z.object({ id_campus_year: id });

/**
 * `POST /application/reorder-waiting-list` (spec section 5): reorders one grade's waiting list by priorities.
 * Final and irreversible: `acknowledged` must be true and `reason` at least 10 characters.
 */
export const WaitingListReorderSchema = z.object({
  id_campus_year: id,
  id_grade: id,
  acknowledged: z.literal(true, { error: 'reorderAcknowledge' }),
  reason: reorderReason,
});
export type WaitingListReorder = z.infer<typeof WaitingListReorderSchema>;

/** `PUT /application/waiting-list/position`: one application to another place of its grade's list (manual reorder). */
export const WaitingPlaceSchema = z.object({ id_application: id, waiting_list_position: id });
export type WaitingPlace = z.infer<typeof WaitingPlaceSchema>;

// ---- responses ----

const int = () => z.number().int();
const nullableInt = () => z.number().int().nullable();
const str = () => z.string();
const nstr = () => z.string().nullable();

/** One application's outcome in a draw (or a practice run), with what staff need to read it. */
export const LotteryOutcomeSchema = z.object({
  id_application: int(),
  correlative: int(),
  applicantName: str(),
  id_grade: int(),
  grade: str(),
  result: z.enum(['selected', 'waiting']),
  /** 1-based order inside the grade: the selected first, then the waiting list. */
  order: int(),
  lottery_number: int(),
  /** Level drawn at (sibling level when `sibling`); null priority item = the level after the campus's last. */
  level: int(),
  priorityItem: nstr(),
  weight: z.number(),
  sibling: z.boolean(),
  waiting_list_position: nullableInt(),
});
export type LotteryOutcome = z.infer<typeof LotteryOutcomeSchema>;

/** An application the draw left out, and why (e.g. 'lotteryNeedsGrade'). */
export const LotterySkippedSchema = z.object({ id_application: int(), correlative: int(), reason: str() });

export const LOTTERY_STATES = ['committed', 'frozen', 'unfrozen', 'drawn', 'superseded'] as const;
export type LotteryState = (typeof LOTTERY_STATES)[number];

export const LotterySummarySchema = z.object({
  id_lottery: int(),
  id_campus_year: int(),
  /**
   * `committed`: a practice-style server seed, its hash shown (v1); `frozen`: the inputs and the randomness source are
   * fixed (v2); `unfrozen`: given back to editing (see the log); `drawn`; `superseded`: a later draw replaced it.
   */
  state: z.enum(LOTTERY_STATES),
  algorithm: str(),
  /** Null until a v2 lottery is drawn (its seed does not exist before). */
  seedHash: nstr(),
  frozenAt: nstr(),
  source: z.enum(RANDOMNESS_SOURCES).nullable(),
  /** drand: the chain's hash, the committed round and when it is published. */
  beaconChain: nstr(),
  beaconRound: nullableInt(),
  roundAt: nstr(),
  /** Dice: how many staff users have entered the digits (the draw needs two that agree). */
  diceEntries: int(),
  /** Revealed once drawn; null before. */
  seed: nstr(),
  inputsHash: nstr(),
  resultHash: nstr(),
  consideredCount: int(),
  selectedCount: int(),
  waitingCount: int(),
  createdAt: str(),
  drawnAt: nstr(),
  drawnBy: nstr(),
});
export type LotterySummary = z.infer<typeof LotterySummarySchema>;

/** How many outcomes of each list a draw's answer shows per grade: the record holds every one (`GET /lottery/:id`). */
export const LOTTERY_PAGE_SIZE = 10;

/** One grade of a draw's answer: how many it drew, offered and put on the waiting list. */
export const LotteryGradeCountSchema = z.object({
  id_grade: int(),
  grade: str(),
  /** Drawn in the grade (selected + waiting). */
  considered: int(),
  selected: int(),
  waiting: int(),
  /** Late applications that joined the end of the grade's waiting list after the draw. */
  late: int(),
});
export type LotteryGradeCount = z.infer<typeof LotteryGradeCountSchema>;

/**
 * The answer of a draw or a practice run: a summary, the same size for 100 applications or 100,000. Spec section 4's
 * `{ selectedList, waitingList }` hold the first `pageSize` outcomes of each grade's lists, grade by grade in draw
 * order; `grades` and `counts` say how many there are in all. Every outcome is in the record (`GET /lottery/:id`, its
 * CSV) and in the applications' lists.
 */
export const LotteryResultSchema = z.object({
  /** Null for a practice run: nothing was written. */
  lottery: LotterySummarySchema.nullable(),
  practice: z.boolean(),
  /** A practice run shows its seed (it proves nothing and is never reused). */
  seed: str(),
  /** Outcomes shown per grade and list (and of `late`, `skipped`): `LOTTERY_PAGE_SIZE`. */
  pageSize: int(),
  counts: z.object({ considered: int(), selected: int(), waiting: int(), late: int(), skipped: int() }),
  /** The drawn grades in draw order, with their counts. */
  grades: z.array(LotteryGradeCountSchema),
  /** The first `pageSize` selected of each grade, grade by grade in draw order. */
  selectedList: z.array(LotteryOutcomeSchema),
  /** The first `pageSize` of each grade's waiting list, grade by grade in draw order. */
  waitingList: z.array(LotteryOutcomeSchema),
  /** Applications that arrived after the enrollment end date (the first `pageSize`): at the end of their waiting list, in arrival order. */
  late: z.array(LotteryOutcomeSchema),
  /** The first `pageSize` applications left out (`counts.skipped` in all). */
  skipped: z.array(LotterySkippedSchema),
});
export type LotteryResult = z.infer<typeof LotteryResultSchema>;

/** `GET /lottery/practice/csv`: the practice run of this seed as a record file (it writes nothing). */
export const LotteryPracticeCsvQuerySchema = LotteryPeriodSchema.extend({
  seed: z.string({ error: 'invalidValue' }).regex(/^[0-9a-f]{64}$/, { error: 'invalidValue' }),
});
export type LotteryPracticeCsvQuery = z.infer<typeof LotteryPracticeCsvQuerySchema>;

/** `GET /lottery/:id`: the record as published, with its outcomes. */
export const LotteryRecordSchema = LotterySummarySchema.extend({
  campus: str(),
  schoolYear: str(),
  siblingLevel: nullableInt(),
  outcomes: z.array(LotteryOutcomeSchema),
});
export type LotteryRecord = z.infer<typeof LotteryRecordSchema>;

/** v1: seedHash (commit-reveal); v2: source (beacon signature or dice), roundAfterFreeze, seed and log instead. */
export const LOTTERY_CHECKS = [
  'seedHash',
  'source',
  'roundAfterFreeze',
  'seed',
  'inputsHash',
  'result',
  'log',
  'signature',
] as const;
export type LotteryCheckName = (typeof LOTTERY_CHECKS)[number];

/** `GET /lottery/:id/verify`: each check re-computed from the stored record. */
export const LotteryVerificationSchema = z.object({
  id_lottery: int(),
  valid: z.boolean(),
  checks: z.array(z.object({ name: z.enum(LOTTERY_CHECKS), ok: z.boolean(), expected: str(), actual: str() })),
  /** Milliseconds the re-run took. */
  elapsedMs: z.number(),
});
export type LotteryVerification = z.infer<typeof LotteryVerificationSchema>;

/** Why a waiting application holds its place ("why this position"). */
export const WaitingReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lottery'), level: int(), lottery_number: int(), sibling: z.boolean() }),
  /** Joined after the draw, or with no draw in the period: by arrival on the waiting list. */
  z.object({ kind: z.literal('arrival'), at: str(), late: z.boolean() }),
]);
export type WaitingReason = z.infer<typeof WaitingReasonSchema>;

// ---- held messages (docs/api-lottery.md, "Releasing the offers") ----

/** `GET /lottery/plan`: what a real draw of the period would move now, for the confirmation staff read first. */
export const LotteryPlanSchema = z.object({
  /** Applied applications that take part (late ones included): each family is told its outcome. */
  applications: int(),
  /** Distinct families among them (siblings are one family). */
  families: int(),
  /** Seats free now across the period's grades: at most this many offers. */
  seats: int(),
  late: int(),
  skipped: int(),
});
export type LotteryPlan = z.infer<typeof LotteryPlanSchema>;

export const MessageHoldListQuerySchema = z.object({ id_campus: id });
export const MessageHoldParamsSchema = z.object({ id: id });

/**
 * `PUT /lottery/holds/:id/release-at`: when the held messages go out, as a day and a time on the campus's clock (its
 * time zone, else the school's). `release_on: null` clears the schedule: they then wait for "release now".
 */
export const MessageHoldScheduleSchema = z.object({
  release_on: date().nullable(),
  release_time: z.string({ error: 'timeInvalid' }).regex(HH_MM, { error: 'timeInvalid' }).default('09:00'),
});
export type MessageHoldSchedule = z.infer<typeof MessageHoldScheduleSchema>;

/** A batch of held status messages: a real draw's, or a staff move's made with "hold the family's message". */
export const MessageHoldSchema = z.object({
  id_message_hold: int(),
  id_campus: int(),
  /** The draw that made the moves; null for a staff move. */
  id_lottery: nullableInt(),
  offers: int(),
  families: int(),
  state: z.enum(['held', 'scheduled', 'released']),
  /** ISO instant of the scheduled release; null when none. */
  releaseAt: nstr(),
  releasedAt: nstr(),
  releasedBy: nstr(),
  createdAt: str(),
  /** The campus's time zone (else the school's): the release time is shown in it. */
  timeZone: str(),
});
export type MessageHold = z.infer<typeof MessageHoldSchema>;

export const LOTTERY_LOG_KINDS = ['freeze', 'unfreeze', 'practice', 'draw', 'rerun'] as const;
export type LotteryLogKind = (typeof LOTTERY_LOG_KINDS)[number];

/** One entry of a period's public lottery log: hash-chained to the one before (docs/lottery-algorithm.md, "Log"). */
export const LotteryLogEntrySchema = z.object({
  seq: int(),
  kind: z.enum(LOTTERY_LOG_KINDS),
  at: str(),
  /** The entry's facts as the JSON text its hash covers (no names: ids, hashes, rounds, reasons). */
  body: str(),
  prevHash: str(),
  hash: str(),
});
export type LotteryLogEntry = z.infer<typeof LotteryLogEntrySchema>;

/** `GET /lottery/log`: a period's log for staff, and the address of its public page (null before the first freeze). */
export const LotteryLogSchema = z.object({ publicToken: nstr(), entries: z.array(LotteryLogEntrySchema) });
export type LotteryLog = z.infer<typeof LotteryLogSchema>;
