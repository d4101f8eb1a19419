import { stringify } from 'csv-stringify/sync';
import { neutralizeCell } from '../../lib/csv';
import { canonicalInputs, canonicalResult, LOTTERY_ALGORITHM, type DrawInputs, type DrawOutcome } from './lottery.draw';
import { LOTTERY_ALGORITHM_V2, sourceLine, type RandomnessSource } from './lottery.seed';

/*
 * The published lottery record as one CSV file (docs/lottery-algorithm.md, "The record file"): self-contained, so
 * scripts/verify-lottery.mjs (or anyone's re-implementation) can check it with nothing else.
 *
 *   # header lines: "# key: value" (algorithm, campus, school_year, drawn_at, drawn_by, seed, seed_sha256, ...;
 *   #   a v2 record adds the freeze, its randomness source and its log entry: frozen_at, source, ..., log_sha256)
 *   # [inputs] ...   then the canonical input lines exactly as canonicalInputs writes them
 *   # [result] ...   then the canonical result lines exactly as canonicalResult writes them
 *   # [table] ...    then a ranked table for people (grade, correlative, level, lottery number, result, ...)
 *
 * No applicant names: the record is meant to be published; a correlative identifies an application to its family.
 * Lines end with LF; the file starts with a UTF-8 byte-order mark like the other exports.
 */

/** What the table shows of one application besides its outcome. */
export type LotteryCsvApplication = { correlative: number; grade: string };

/**
 * What a v2 record adds (docs/lottery-algorithm.md, "The record file v2"): when the inputs were frozen, the public
 * source the seed came from, and the period's log entry of the draw, so the file can be checked against the log.
 */
export type LotteryRecordV2 = {
  frozenAt: Date | string;
  source: RandomnessSource;
  /** drand: the round's BLS signature (hex), which the verifier checks against the chain's public key. */
  beaconSignature?: string | null;
  /** drand's chained default chain: the previous round's signature, part of what was signed. */
  beaconPreviousSignature?: string | null;
  /** drand: when the round was published (genesis + (round - 1) × period), strictly after `frozenAt`. */
  roundAt?: Date | string | null;
  /** The hash of the period's log entry of kind 'draw' for this draw. */
  logHash: string;
};

/** A drawn lottery record, as the run service holds it. */
export type LotteryRecordCsvInput = {
  algorithm: string;
  seed: string;
  seedHash: string;
  inputs: DrawInputs;
  inputsHash: string;
  result: DrawOutcome[];
  resultHash: string;
  campus: string;
  schoolYear: string;
  drawnAt: Date | string;
  drawnBy: string;
  /** By application id. */
  applications: ReadonlyMap<number, LotteryCsvApplication> | Readonly<Record<number, LotteryCsvApplication>>;
  /** A practice run's file (nothing of it was saved): says so in its header; a drawn record has no such line. */
  practice?: boolean;
  /** A v2 record's freeze, source and log entry: written when `algorithm` is openseat-lottery-v2. */
  v2?: LotteryRecordV2;
};

/** How to check the file; a v2 record is also checked against the period's log. */
const FIRST_LINE = {
  v1: '# OpenSeat lottery record: check it with `node scripts/verify-lottery.mjs <this file>` (docs/lottery-algorithm.md)',
  v2: "# OpenSeat lottery record: check it with `node scripts/verify-lottery.mjs <this file> [<the period's log.jsonl>]` (docs/lottery-algorithm.md)",
};

export const LOTTERY_CSV_SECTIONS = {
  inputs: '# [inputs] canonical inputs: inputs_sha256 is the SHA-256 of these lines, each ended by LF',
  result: '# [result] canonical result in draw order: result_sha256 is the SHA-256 of these lines, each ended by LF',
  table: '# [table] ranked results (priority level as drawn; lottery number = rank inside grade and own level)',
} as const;

export const LOTTERY_CSV_COLUMNS = [
  'grade',
  'correlative',
  'priority_level',
  'lottery_number',
  'result',
  'order',
  'waiting_list_position',
  'sibling',
  'id_application',
];

/** A header value on one line (a name with a line break must not start a line of its own). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * A header line is one CSV cell: a campus or user name with a comma would otherwise open a second cell, and
 * `x,=HYPERLINK(...)` would run in a spreadsheet. Quoted, the whole line is text starting with `#`.
 */
const headerCell = (line: string) => (/[",]/.test(line) ? `"${line.replace(/"/g, '""')}"` : line);

const isoOf = (at: Date | string) => (at instanceof Date ? at : new Date(at)).toISOString();

/** The v2 lines before drawn_at: the freeze and the source, the beacon's signature(s) and round time for drand. */
function freezeLines(v2: LotteryRecordV2): [string, string][] {
  const lines: [string, string][] = [
    ['frozen_at', isoOf(v2.frozenAt)],
    ['source', sourceLine(v2.source)],
  ];
  if (v2.source.kind === 'drand') {
    lines.push(['beacon_signature', v2.beaconSignature ?? '']);
    if (v2.beaconPreviousSignature) lines.push(['beacon_previous_signature', v2.beaconPreviousSignature]);
    lines.push(['round_at', v2.roundAt ? isoOf(v2.roundAt) : '']);
  }
  return lines;
}

export function lotteryRecordCsv(record: LotteryRecordCsvInput): string {
  const display = (id: number): LotteryCsvApplication | undefined =>
    record.applications instanceof Map
      ? record.applications.get(id)
      : (record.applications as Readonly<Record<number, LotteryCsvApplication>>)[id];
  const v2 = record.algorithm === LOTTERY_ALGORITHM_V2 ? record.v2 : undefined;
  const header: [string, string][] = [
    ['algorithm', record.algorithm],
    ...(record.practice
      ? [['practice', 'a practice run: nothing was saved, the seed proves nothing'] as [string, string]]
      : []),
    ['campus', record.campus],
    ['school_year', record.schoolYear],
    ...(v2 ? freezeLines(v2) : []),
    ['drawn_at', isoOf(record.drawnAt)],
    ['drawn_by', record.drawnBy],
    ['seed', record.seed],
    ['seed_sha256', record.seedHash],
    ['inputs_sha256', record.inputsHash],
    ['result_sha256', record.resultHash],
    ...(v2 ? [['log_sha256', v2.logHash] as [string, string]] : []),
  ];
  const table = stringify(
    record.result.map((o) => [
      display(o.id_application)?.grade ?? String(o.id_grade),
      display(o.id_application)?.correlative ?? '',
      o.level,
      o.lottery_number,
      o.result,
      o.order,
      o.waiting_list_position ?? '',
      o.sibling ? 'yes' : 'no',
      o.id_application,
    ]),
    {
      header: true,
      columns: LOTTERY_CSV_COLUMNS,
      record_delimiter: '\n',
      cast: { string: (v: string) => neutralizeCell(v) },
    },
  );
  return (
    '\uFEFF' +
    `${v2 ? FIRST_LINE.v2 : FIRST_LINE.v1}\n` +
    header.map(([key, value]) => `${headerCell(`# ${key}: ${oneLine(value)}`)}\n`).join('') +
    `${LOTTERY_CSV_SECTIONS.inputs}\n` +
    canonicalInputs(
      record.inputs,
      record.algorithm === LOTTERY_ALGORITHM_V2 ? LOTTERY_ALGORITHM_V2 : LOTTERY_ALGORITHM,
    ) +
    `${LOTTERY_CSV_SECTIONS.result}\n` +
    canonicalResult(record.result) +
    `${LOTTERY_CSV_SECTIONS.table}\n` +
    table
  );
}
