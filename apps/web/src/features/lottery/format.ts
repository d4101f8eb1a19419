import { neutralizeCell } from '@openseat/shared/csv';
import type { LotteryOutcome, LotteryResult } from '@openseat/shared/schemas/lottery';

/** A SHA-256 read aloud in a room: groups of four hex digits. */
export const fingerprint = (hash: string | null | undefined) => (hash ?? '').match(/.{1,4}/g)?.join(' ') ?? '';

const cell = (value: string | number | null) => {
  const text = value === null ? '' : neutralizeCell(String(value));
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The grades of a result in draw order, each with its outcomes (selected first, then waiting). */
export function byGrade(outcomes: readonly LotteryOutcome[]) {
  const grades = new Map<number, { id_grade: number; grade: string; outcomes: LotteryOutcome[] }>();
  for (const o of outcomes) {
    const g = grades.get(o.id_grade) ?? { id_grade: o.id_grade, grade: o.grade, outcomes: [] };
    g.outcomes.push(o);
    grades.set(o.id_grade, g);
  }
  for (const g of grades.values()) g.outcomes.sort((a, b) => a.order - b.order);
  return [...grades.values()];
}

/** The outcomes of a draw in draw order: `applications` holds their ids, the two lists the outcomes. */
export function drawOrder(result: Pick<LotteryResult, 'selectedList' | 'waitingList' | 'applications'>) {
  const byId = new Map([...result.selectedList, ...result.waitingList].map((o) => [o.id_application, o]));
  return result.applications.flatMap((id) => byId.get(id) ?? []);
}

/** A practice run as CSV, built in the browser (nothing of a practice is stored on the server). */
export function practiceCsv(result: LotteryResult, headers: string[], resultLabel: (r: string) => string) {
  const lines = [
    `# practice,${cell(result.practice ? 'true' : 'false')}`,
    `# seed,${cell(result.seed)}`,
    headers.map(cell).join(','),
    ...drawOrder(result).map((o) =>
      [
        o.grade,
        o.correlative,
        o.applicantName,
        o.level,
        o.lottery_number,
        resultLabel(o.result),
        o.order,
        o.waiting_list_position,
      ]
        .map(cell)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  Object.assign(document.createElement('a'), { href: url, download: filename }).click();
  URL.revokeObjectURL(url);
}
