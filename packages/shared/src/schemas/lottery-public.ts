import { z } from 'zod';
import { LOTTERY_STATES, LotteryLogEntrySchema, RANDOMNESS_SOURCES } from './lottery';

/*
 * The public lottery page of a school period (docs/api-lottery.md, "The public page"): reached by the period's public
 * token, with no sign-in. It names no child and no staff member: ids, hashes, rounds, counts and grade names only.
 */

/** The address of a period's public page: the token made at its first freeze (url-safe, 20 to 64 characters). */
export const LotteryPublicParamsSchema = z.object({
  token: z
    .string({ error: 'invalidValue' })
    .regex(/^[A-Za-z0-9_-]{20,64}$/, { error: 'invalidValue' })
    .describe("The period's public lottery token"),
});
export type LotteryPublicParams = z.infer<typeof LotteryPublicParamsSchema>;

/** `GET /public/lottery/:token/report.csv`: the headers' language (else the request's `Accept-Language`). */
export const LotteryReportCsvQuerySchema = z.object({
  lang: z.enum(['en', 'es'], { error: 'invalidValue' }).optional(),
});
export type LotteryReportCsvQuery = z.infer<typeof LotteryReportCsvQuerySchema>;

/** Counts from 1 to this minus one are suppressed (small-cell suppression), with their complements; 0 stays 0. */
export const REPORT_SUPPRESSION_BELOW = 10;

/**
 * A count of people as published: `value` null and `suppressed` true when it is 1 to 9, or a complement hidden so that
 * no suppressed count can be worked out from the others (docs/api-lottery.md). Both alike on purpose: a complement is
 * 10 or more, and telling them apart would give small counts away.
 */
export const ReportCountSchema = z.object({ value: z.number().int().nullable(), suppressed: z.boolean() });
export type ReportCount = z.infer<typeof ReportCountSchema>;

/** One grade of the results report of a drawn lottery. */
export const LotteryReportGradeSchema = z.object({
  id_grade: z.number().int(),
  grade: z.string(),
  /** Free seats of the grade when the inputs were frozen (the draw's inputs): a fact of the school, never suppressed. */
  seats: z.number().int(),
  /** Applications of the grade that took part in the draw. */
  applicants: ReportCountSchema,
  /** Selected by the draw (offered a seat). */
  offers: ReportCountSchema,
  /** Put on the waiting list by the draw. */
  waiting: ReportCountSchema,
  /** The highest (least favoured) priority level among the grade's selected; null when none was selected. */
  lowestLevel: z.number().int().nullable(),
});
export type LotteryReportGrade = z.infer<typeof LotteryReportGradeSchema>;

/** The results report of a period's drawn lottery: per grade and in total; empty before a draw. */
export const LotteryReportSchema = z.object({
  /** The drawn lottery it reports on; null before a draw. */
  id_lottery: z.number().int().nullable(),
  grades: z.array(LotteryReportGradeSchema),
  /** The sums over the grades (suppressed as any cell); null before a draw. */
  total: z
    .object({
      seats: z.number().int(),
      applicants: ReportCountSchema,
      offers: ReportCountSchema,
      waiting: ReportCountSchema,
    })
    .nullable(),
});
export type LotteryReport = z.infer<typeof LotteryReportSchema>;

/** A lottery of the period as the public sees it: its facts, no staff name. */
export const LotteryPublicLotterySchema = z.object({
  id_lottery: z.number().int(),
  state: z.enum(LOTTERY_STATES),
  algorithm: z.string(),
  frozenAt: z.string().nullable(),
  source: z.enum(RANDOMNESS_SOURCES).nullable(),
  /** drand: the chain's hash, the committed round and when it is published. */
  beaconChain: z.string().nullable(),
  beaconRound: z.number().int().nullable(),
  roundAt: z.string().nullable(),
  /** The inputs fingerprint (SHA-256 of the canonical inputs). */
  inputsHash: z.string().nullable(),
  /** Shown once drawn (or superseded); null before. */
  seed: z.string().nullable(),
  seedHash: z.string().nullable(),
  resultHash: z.string().nullable(),
  drawnAt: z.string().nullable(),
});
export type LotteryPublicLottery = z.infer<typeof LotteryPublicLotterySchema>;

/** `GET /public/lottery/:token`: the period's public page. */
export const LotteryPublicPageSchema = z.object({
  school: z.string(),
  campus: z.string(),
  schoolYear: z.string(),
  /** The period's log in `seq` order. */
  log: z.array(LotteryLogEntrySchema),
  /** The period's lotteries, oldest first. */
  lotteries: z.array(LotteryPublicLotterySchema),
  report: LotteryReportSchema,
});
export type LotteryPublicPage = z.infer<typeof LotteryPublicPageSchema>;
