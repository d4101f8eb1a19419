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
 * seats, applicants, offers, waiting-list length and the lowest priority level reached, and a total row. Counts of
 * people from 1 to 9 are published as "<10" (small-cell suppression); 0 stays 0. Seats are the school's own published
 * capacity and the level a rule's number: neither counts people, so neither is suppressed.
 */

/** A count of people as published. */
export function publishedCount(n: number): ReportCount {
  return n > 0 && n < REPORT_SUPPRESSION_BELOW ? { value: null, suppressed: true } : { value: n, suppressed: false };
}

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
  const sum = (counts: Map<number, number>) => grades.reduce((n, g) => n + (counts.get(g.id_grade) ?? 0), 0);
  return {
    id_lottery,
    grades: grades.map((g): LotteryReportGrade => ({
      id_grade: g.id_grade,
      grade: gradeName(g.id_grade),
      seats: g.seats,
      applicants: publishedCount(applicants.get(g.id_grade) ?? 0),
      offers: publishedCount(offers.get(g.id_grade) ?? 0),
      waiting: publishedCount(waiting.get(g.id_grade) ?? 0),
      lowestLevel: lowest.get(g.id_grade) ?? null,
    })),
    total: {
      seats: grades.reduce((n, g) => n + g.seats, 0),
      applicants: publishedCount(sum(applicants)),
      offers: publishedCount(sum(offers)),
      waiting: publishedCount(sum(waiting)),
    },
  };
}

type Lang = 'en' | 'es';

const HEADERS: Record<Lang, string[]> = {
  en: ['Grade', 'Seats', 'Applicants', 'Offers', 'Waiting list', 'Lowest priority level reached'],
  es: ['Grado', 'Cupos', 'Solicitantes', 'Ofertas', 'Lista de espera', 'Nivel de prioridad más bajo alcanzado'],
};
const TOTAL: Record<Lang, string> = { en: 'Total', es: 'Total' };

/** A published count as the CSV cell shows it: "<10" when suppressed. */
const cell = (c: ReportCount) => (c.suppressed ? `<${REPORT_SUPPRESSION_BELOW}` : c.value);

/** The report as a CSV file (UTF-8 with BOM, LF): a header line, a line per grade, the total; only the header before a draw. */
export function reportCsv(report: LotteryReport, lang: Lang): string {
  const lines = [csvLine(HEADERS[lang])];
  for (const g of report.grades)
    lines.push(csvLine([g.grade, g.seats, cell(g.applicants), cell(g.offers), cell(g.waiting), g.lowestLevel]));
  if (report.total) {
    const t = report.total;
    lines.push(csvLine([TOTAL[lang], t.seats, cell(t.applicants), cell(t.offers), cell(t.waiting), null]));
  }
  return '\uFEFF' + lines.join('');
}
