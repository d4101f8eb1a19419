import {
  REPORT_SUPPRESSION_BELOW,
  type LotteryReport,
  type LotteryReportGrade,
  type ReportCount,
} from '@openseat/shared/schemas/lottery-public';
import { csvLine } from '../../lib/csv';
import type { DrawInputs, DrawOutcome } from './lottery.draw';

/*
 * The public results report of a period's drawn lottery (issue 23, as Denver and DC publish theirs): per grade, the
 * seats, applicants, offers, waiting-list length and the lowest priority level reached, and a total row. Seats are the
 * school's own published capacity and the level a rule's number: neither counts people, so neither is suppressed.
 *
 * Counts of people from 1 to 9 are hidden (primary suppression); 0 is published, as it is nobody. Hiding them is not
 * enough: applicants are offers plus waiting in each row, a column's total is the sum of its grades, so a sum with one
 * hidden count left gives it away; and as the draw fills a grade's seats before anyone waits, a grade with a waiting
 * list has offers equal to its seats, one without has at most its seats applicants. So, as statistical agencies do,
 * complements are hidden too (complementary suppression), the smallest count first to hide little, until no sum has a
 * single unknown count, nor unknown counts that can only all be 1 or all be their seats. With the row and the column
 * sums alike (three columns), that leaves no count to work out by combining sums either. A complement is 10 or more:
 * every hidden count is shown alike ("suppressed"), as a "<10" beside another mark would tell them apart (11 waiting
 * over a grade's "<10" and another's complement: the "<10" is 1). Not protected: offers equal to the seats of a grade
 * with a waiting list (the school's own number), and a grade of 1 seat and no waiting list (its 0 waiting says 1).
 */

const COLUMNS = ['applicants', 'offers', 'waiting'] as const;
type Column = (typeof COLUMNS)[number];
type Counts = Record<Column, number>;

/** A count as a reader sees it: hidden or not, `known` when other facts give it away, `most` its upper bound. */
type Cell = { n: number; hidden: boolean; known: boolean; most: number };
/** A sum a reader can check: `total` is the sum of `parts`. */
type Sum = { total: Cell; parts: Cell[] };

const unknown = (c: Cell) => c.hidden && !c.known;
const add = (n: number, m: number) => n + m;

/** Whether the sum gives a hidden count away: each is at least 1 (0 is published) and at most its `most`. */
function discloses({ total, parts }: Sum): boolean {
  const open = parts.filter(unknown);
  if (unknown(total)) return open.length === 0;
  if (open.length < 2) return open.length === 1;
  const rest = open.map((c) => c.n).reduce(add, 0);
  return rest === open.length || rest === open.map((c) => c.most).reduce(add, 0);
}

/** The count to hide next in a sum that gives one away: its smallest published non-zero part, else its total. */
function complement({ total, parts }: Sum): Cell | undefined {
  const open = (c: Cell) => !c.hidden && !c.known && c.n > 0;
  const [part] = parts.filter(open).sort((x, y) => x.n - y.n);
  return part ?? (open(total) ? total : undefined);
}

/** Hides complements, one at a time, until no sum gives a hidden count away. */
function hideComplements(sums: readonly Sum[]): void {
  for (let sum = sums.find(discloses); sum; sum = sums.find(discloses)) {
    const next = complement(sum);
    if (next) next.hidden = true;
    // nothing to hide: what it gives away follows from the seats, so the other sums must count it as known
    else for (const c of [sum.total, ...sum.parts]) if (unknown(c)) c.known = true;
  }
}

/**
 * Which counts the report hides, per grade (with its seats) and for the total (the grades' sums): those from 1 to 9,
 * then their complements.
 */
export function hiddenCounts(
  grades: ReadonlyArray<Counts & { seats: number }>,
  total: Counts,
): Record<Column, boolean>[] {
  const cell = (n: number, known = false, most = Infinity): Cell => ({
    n,
    hidden: n > 0 && n < REPORT_SUPPRESSION_BELOW,
    known,
    most,
  });
  const rows = grades.map((g) => {
    const full = g.waiting > 0;
    return {
      applicants: cell(g.applicants, false, full ? Infinity : g.seats),
      offers: cell(g.offers, full, g.seats),
      waiting: cell(g.waiting),
    };
  });
  rows.push({ applicants: cell(total.applicants), offers: cell(total.offers), waiting: cell(total.waiting) });
  const last = rows[rows.length - 1];
  hideComplements([
    ...rows.map((r) => ({ total: r.applicants, parts: [r.offers, r.waiting] })),
    ...COLUMNS.map((c) => ({ total: last[c], parts: rows.slice(0, -1).map((r) => r[c]) })),
  ]);
  return rows.map((r) => ({ applicants: r.applicants.hidden, offers: r.offers.hidden, waiting: r.waiting.hidden }));
}

const published = (n: number, hidden: boolean): ReportCount =>
  hidden ? { value: null, suppressed: true } : { value: n, suppressed: false };

export const EMPTY_REPORT: LotteryReport = { id_lottery: null, grades: [], total: null };

/** The report of a drawn lottery from its record: `inputs.grades` in draw order (`position`), then the total. */
export function lotteryReport(
  id_lottery: number,
  inputs: DrawInputs,
  result: readonly DrawOutcome[],
  gradeName: (id_grade: number) => string,
): LotteryReport {
  const applicants = new Map<number, number>();
  for (const e of inputs.entries) applicants.set(e.id_grade, (applicants.get(e.id_grade) ?? 0) + 1);
  const offers = new Map<number, number>();
  const waiting = new Map<number, number>();
  const lowest = new Map<number, number>();
  for (const o of result) {
    if (o.result === 'selected') {
      offers.set(o.id_grade, (offers.get(o.id_grade) ?? 0) + 1);
      lowest.set(o.id_grade, Math.max(lowest.get(o.id_grade) ?? o.level, o.level));
    } else waiting.set(o.id_grade, (waiting.get(o.id_grade) ?? 0) + 1);
  }
  const grades = [...inputs.grades].sort((x, y) => x.position - y.position || x.id_grade - y.id_grade);
  const counts = grades.map((g) => ({
    seats: g.seats,
    applicants: applicants.get(g.id_grade) ?? 0,
    offers: offers.get(g.id_grade) ?? 0,
    waiting: waiting.get(g.id_grade) ?? 0,
  }));
  const sum = (c: Column) => counts.reduce((n, g) => n + g[c], 0);
  const total = { applicants: sum('applicants'), offers: sum('offers'), waiting: sum('waiting') };
  const hidden = hiddenCounts(counts, total);
  const row = (c: Counts, h: Record<Column, boolean>) => ({
    applicants: published(c.applicants, h.applicants),
    offers: published(c.offers, h.offers),
    waiting: published(c.waiting, h.waiting),
  });
  return {
    id_lottery,
    grades: grades.map((g, i): LotteryReportGrade => ({
      id_grade: g.id_grade,
      grade: gradeName(g.id_grade),
      seats: g.seats,
      ...row(counts[i], hidden[i]),
      lowestLevel: lowest.get(g.id_grade) ?? null,
    })),
    total: { seats: grades.reduce((n, g) => n + g.seats, 0), ...row(total, hidden[grades.length]) },
  };
}

type Lang = 'en' | 'es';

const HEADERS: Record<Lang, string[]> = {
  en: ['Grade', 'Seats', 'Applicants', 'Offers', 'Waiting list', 'Lowest priority level reached'],
  es: ['Grado', 'Cupos', 'Solicitantes', 'Ofertas', 'Lista de espera', 'Nivel de prioridad más bajo alcanzado'],
};
const TOTAL: Record<Lang, string> = { en: 'Total', es: 'Total' };
/** A hidden count's cell: a word, not "<10", as a complement is 10 or more (a CSV has no room for a note). */
const SUPPRESSED: Record<Lang, string> = { en: 'suppressed', es: 'suprimido' };

/** The report as a CSV file (UTF-8 with BOM, LF): a header line, a line per grade, the total; only the header before a draw. */
export function reportCsv(report: LotteryReport, lang: Lang): string {
  const cell = (c: ReportCount) => (c.suppressed ? SUPPRESSED[lang] : c.value);
  const lines = [csvLine(HEADERS[lang])];
  for (const g of report.grades)
    lines.push(csvLine([g.grade, g.seats, cell(g.applicants), cell(g.offers), cell(g.waiting), g.lowestLevel]));
  if (report.total) {
    const t = report.total;
    lines.push(csvLine([TOTAL[lang], t.seats, cell(t.applicants), cell(t.offers), cell(t.waiting), null]));
  }
  return '\uFEFF' + lines.join('');
}
