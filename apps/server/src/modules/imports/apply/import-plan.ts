import { holdsSeat, isWaiting } from '@openseat/shared/application-status';
import type { MappedImportRow } from '@openseat/shared/import-fields';
import type {
  ImportDecisionAction,
  ImportDuplicate,
  ImportProblem,
  ImportReport,
} from '@openseat/shared/schemas/imports';
import { contactKeys, foldName, jaroWinkler, NAME_SIMILARITY, type Party } from './duplicates';
import { checkRow, type CheckContext, type CheckedRow, type ImportedApplicant } from './import-check';

/*
 * A whole file's plan: every row checked (import-check.ts), waiting-list positions checked per list, duplicates found
 * inside the file and against the applications already there, seats counted per grade. The dry run reports it; the
 * commit writes it with the user's decisions. Pure: the database's part comes in as `candidates` and `context`.
 */

/** An application already in OpenSeat that a row may duplicate. */
export type ExistingParty = Party & {
  id_application: number;
  correlative: number;
  id_campus_year: number;
  guardianName: string | null;
};

export type Match = { reason: 'email' | 'phone' } & (
  { kind: 'application'; other: ExistingParty } | { kind: 'row'; other: CheckedRow }
);

export type CheckedFile = {
  total: number;
  accepted: CheckedRow[];
  problems: ImportProblem[];
};

/**
 * Checks every row of the file, and the waiting-list positions of each list (one row per position). For a report
 * (`forReport`) an accepted row keeps no note: nothing reads it, and a file's notes can be most of its bytes.
 */
export async function checkFile(
  rows: AsyncIterable<MappedImportRow>,
  context: CheckContext,
  forReport = false,
): Promise<CheckedFile> {
  const accepted: CheckedRow[] = [];
  const problems: ImportProblem[] = [];
  const positions = new Map<string, Set<number>>();
  let total = 0;
  for await (const row of rows) {
    total++;
    const checked = checkRow(row, context);
    if (!checked.ok) {
      problems.push(...checked.problems);
      continue;
    }
    const { ok } = checked;
    if (ok.position !== null) {
      const list = groupOf(ok);
      const taken = positions.get(list) ?? new Set<number>();
      positions.set(list, taken);
      if (taken.has(ok.position)) {
        problems.push({ rowNumber: ok.rowNumber, column: 'waitingListPosition', message: 'importPositionTaken' });
        continue;
      }
      taken.add(ok.position);
    }
    accepted.push(forReport ? { ...ok, note: null } : ok);
  }
  return { total, accepted, problems };
}

const groupOf = (r: { id_campus_year: number; id_grade: number | null }) => `${r.id_campus_year}:${r.id_grade ?? 0}`;

export const partyOf = (r: CheckedRow): Party => ({
  firstName: r.applicant.firstName,
  lastName: r.applicant.lastName,
  dateOfBirth: r.applicant.dateOfBirth,
  guardianEmail: r.applicant.guardianEmail,
  guardianPhoneNumber: r.applicant.guardianPhoneNumber,
});

/** A party with what the rule compares, computed once: its folded name, birthday and contact keys. */
type Indexed<T> = { item: T; period: number; name: string; dob: string | null; keys: string[] };

const indexed = <T>(item: T, party: Party, period: number): Indexed<T> => ({
  item,
  period,
  name: foldName(`${party.firstName} ${party.lastName}`),
  dob: party.dateOfBirth,
  keys: contactKeys(party),
});

/**
 * The most candidates one row is compared with per contact, and the most parties sharing the contact it looks at: a
 * contact shared by a whole file (a school's own address on every row) stays a couple of seconds for 10,000 rows
 * instead of minutes, and such a contact says nothing of who is who.
 */
const MAX_CANDIDATES = 100;
const MAX_SCANNED = 2_000;

/**
 * Candidates by (period, contact): a row is compared only with parties of its period that share a contact and have
 * its birthday or none (a row without a birthday, with every party sharing the contact). One list per contact: the
 * birthday is checked while scanning, so a file's 50,000 rows hold no second index.
 */
class Buckets<T> {
  private byContact = new Map<string, Indexed<T>[]>();

  add(x: Indexed<T>) {
    for (const key of x.keys) push(this.byContact, `${x.period}|${key}`, x);
  }

  /** The first candidate like `x` (keys in order: e-mail first), with the contact they share. */
  match(x: Indexed<unknown>): { other: T; reason: 'email' | 'phone' } | null {
    for (const key of x.keys) {
      const list = this.byContact.get(`${x.period}|${key}`) ?? [];
      let compared = 0;
      for (let i = 0; i < list.length && i < MAX_SCANNED && compared < MAX_CANDIDATES; i++) {
        const c = list[i]!;
        if (x.dob !== null && c.dob !== null && c.dob !== x.dob) continue;
        compared++;
        if (jaroWinkler(x.name, c.name) >= NAME_SIMILARITY)
          return { other: c.item, reason: key.startsWith('e:') ? 'email' : 'phone' };
      }
    }
    return null;
  }
}

function push<V>(map: Map<string, V[]>, key: string, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Each accepted row's duplicate, if any: an application of the same school period already in OpenSeat first, else
 * an earlier row of the file in the same period (the rule of duplicates.ts: a shared contact, a similar name, the
 * same birthday). Only rows sharing a contact are compared.
 */
export function findDuplicates(accepted: CheckedRow[], existing: ExistingParty[]): Map<number, Match> {
  const known = new Buckets<ExistingParty>();
  for (const e of existing) known.add(indexed(e, e, e.id_campus_year));
  const earlier = new Buckets<CheckedRow>();
  const matches = new Map<number, Match>();
  for (const row of accepted) {
    const x = indexed(row, partyOf(row), row.id_campus_year);
    const application = known.match(x);
    const file = application ? null : earlier.match(x);
    if (application) matches.set(row.rowNumber, { kind: 'application', ...application });
    else if (file) matches.set(row.rowNumber, { kind: 'row', ...file });
    earlier.add(x);
  }
  return matches;
}

/** A row the commit writes: a new application, or the empty fields of an existing one filled. */
export type StagedRow = CheckedRow & {
  action: 'new' | 'merge';
  /** The application a merge fills. */
  id_application: number | null;
  /** A new waiting row's place in its list among the file's rows (1..M, in the file's order); null otherwise. */
  rank: number | null;
};

/** The applicant fields a merge fills when they are empty on the other side. */
export const MERGED_FIELDS = [
  'dateOfBirth',
  'address',
  'gender',
  'guardianName',
  'guardianEmail',
  'guardianPhoneNumber',
] as const satisfies ReadonlyArray<keyof ImportedApplicant>;

function fillEmpty(into: ImportedApplicant, from: ImportedApplicant): ImportedApplicant {
  const filled: Record<string, string | null> = { ...into };
  for (const field of MERGED_FIELDS) if (filled[field] === null || filled[field] === '') filled[field] = from[field];
  return filled as ImportedApplicant;
}

export type Plan = {
  staged: StagedRow[];
  skipped: number;
  /** Rows merged into an earlier row of the file (not staged on their own). */
  mergedInFile: number;
  /** Rows that need a decision and have none. */
  undecided: number[];
};

/**
 * The rows to write once each duplicate has its decision: `skip` leaves the row out, `keep` imports it as new,
 * `merge` fills the other side's empty fields (an existing application keeps its id; an earlier row of the file takes
 * the fields before it is written). Without `decisions` (the dry run) every duplicate counts as kept.
 */
export function planRows(
  accepted: CheckedRow[],
  matches: Map<number, Match>,
  decisions: Map<number, ImportDecisionAction> | null,
): Plan {
  const staged = new Map<number, StagedRow>();
  const undecided: number[] = [];
  let skipped = 0;
  let mergedInFile = 0;
  for (const row of accepted) {
    const match = matches.get(row.rowNumber);
    const action = match ? (decisions ? decisions.get(row.rowNumber) : 'keep') : 'keep';
    if (!match || action === 'keep') {
      staged.set(row.rowNumber, { ...row, action: 'new', id_application: null, rank: null });
      continue;
    }
    if (action === undefined) {
      undecided.push(row.rowNumber);
      continue;
    }
    if (action === 'skip') {
      skipped++;
      continue;
    }
    if (match.kind === 'application') {
      staged.set(row.rowNumber, { ...row, action: 'merge', id_application: match.other.id_application, rank: null });
      continue;
    }
    const target = staged.get(match.other.rowNumber);
    if (!target) {
      // the earlier row was itself left out: this one takes its place
      staged.set(row.rowNumber, { ...row, action: 'new', id_application: null, rank: null });
      continue;
    }
    target.applicant = fillEmpty(target.applicant, row.applicant);
    mergedInFile++;
  }
  const rows = [...staged.values()];
  rankWaitingLists(rows);
  return { staged: rows, skipped, mergedInFile, undecided };
}

/** Numbers each list's new waiting rows 1..M: by the file's position, then (rows without one) in file order. */
function rankWaitingLists(rows: StagedRow[]) {
  const lists = new Map<string, StagedRow[]>();
  for (const row of rows) {
    if (row.action !== 'new' || !isWaiting(row.id_status)) continue;
    push(lists, groupOf(row), row);
  }
  for (const list of lists.values()) {
    const ordered = list
      .map((row, i) => ({ row, i }))
      .sort((x, y) => (x.row.position ?? Infinity) - (y.row.position ?? Infinity) || x.i - y.i);
    ordered.forEach(({ row }, i) => (row.rank = i + 1));
  }
}

export type SeatGroup = { id_campus: number; id_campus_year: number; id_grade: number };

/**
 * The seats the new rows take, per grade of a period. A row without an action (the dry run's accepted rows, every
 * duplicate counted as kept) is new.
 */
export function seatsNeeded(
  rows: Array<CheckedRow & { action?: StagedRow['action'] }>,
): Array<SeatGroup & { count: number; rows: number[] }> {
  const groups = new Map<string, SeatGroup & { count: number; rows: number[] }>();
  for (const row of rows) {
    if (row.action === 'merge' || !holdsSeat(row.id_status) || row.id_grade === null) continue;
    const key = groupOf(row);
    const group = groups.get(key) ?? {
      id_campus: row.id_campus,
      id_campus_year: row.id_campus_year,
      id_grade: row.id_grade,
      count: 0,
      rows: [],
    };
    group.count++;
    group.rows.push(row.rowNumber);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const partyOut = (p: Party & { guardianName: string | null }) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  dateOfBirth: p.dateOfBirth,
  guardianName: p.guardianName,
  guardianEmail: p.guardianEmail,
  guardianPhoneNumber: p.guardianPhoneNumber,
});

/** Both sides of each duplicate pair, as the screen shows them. */
export function duplicatePairs(accepted: CheckedRow[], matches: Map<number, Match>): ImportDuplicate[] {
  return accepted.flatMap((row) => {
    const match = matches.get(row.rowNumber);
    if (!match) return [];
    const self = { rowNumber: row.rowNumber, id_application: null, correlative: null };
    const other =
      match.kind === 'application'
        ? {
            rowNumber: null,
            id_application: match.other.id_application,
            correlative: match.other.correlative,
            ...partyOut(match.other),
          }
        : {
            rowNumber: match.other.rowNumber,
            id_application: null,
            correlative: null,
            ...partyOut({ ...partyOf(match.other), guardianName: match.other.applicant.guardianName }),
          };
    return [
      {
        row: { ...self, ...partyOut({ ...partyOf(row), guardianName: row.applicant.guardianName }) },
        other,
        reason: match.reason,
      },
    ];
  });
}

/** The dry run's report: counts, every problem (over-filled grades' rows too) in row order, pairs, over-fills. */
export function reportOf(
  file: CheckedFile,
  matches: Map<number, Match>,
  overfilled: ImportReport['overfilled'],
  overfilledRows: number[],
): ImportReport {
  const problems = [
    ...file.problems,
    ...overfilledRows.map((rowNumber) => ({
      rowNumber,
      column: 'status' as const,
      message: 'importSeatsExceeded',
    })),
  ].sort((x, y) => x.rowNumber - y.rowNumber);
  const refused = new Set(problems.map((p) => p.rowNumber)).size;
  const over = new Set(overfilledRows);
  const duplicates = duplicatePairs(file.accepted, matches).filter((d) => !over.has(d.row.rowNumber!));
  return {
    counts: { new: file.total - refused - duplicates.length, duplicate: duplicates.length, refused },
    problems,
    duplicates,
    overfilled,
  };
}
