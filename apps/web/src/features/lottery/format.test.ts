import { describe, expect, it } from 'vitest';
import type { LotteryOutcome, LotteryResult } from '@openseat/shared/schemas/lottery';
import { byGrade, fingerprint, practiceCsv } from './format';

const outcome = (o: Partial<LotteryOutcome>): LotteryOutcome => ({
  id_application: 1,
  correlative: 10,
  applicantName: 'Ana Díaz',
  id_grade: 1,
  grade: 'K',
  result: 'selected',
  order: 1,
  lottery_number: 1,
  level: 1,
  priorityItem: null,
  weight: 1,
  sibling: false,
  waiting_list_position: null,
  ...o,
});

describe('lottery formatting', () => {
  it('reads a hash as groups of four', () => {
    expect(fingerprint('0123456789abcdef')).toBe('0123 4567 89ab cdef');
    expect(fingerprint(null)).toBe('');
  });

  it('groups outcomes by grade in draw order, each in its order', () => {
    const grades = byGrade([
      outcome({ id_application: 1, id_grade: 2, grade: '1', order: 2 }),
      outcome({ id_application: 2, id_grade: 2, grade: '1', order: 1 }),
      outcome({ id_application: 3, id_grade: 1, grade: 'K', order: 1 }),
    ]);
    expect(grades.map((g) => g.grade)).toEqual(['1', 'K']);
    expect(grades[0].outcomes.map((o) => o.id_application)).toEqual([2, 1]);
  });

  it('writes a practice run as CSV with its seed, quoting what needs it', () => {
    const result: LotteryResult = {
      lottery: null,
      practice: true,
      seed: 'ab'.repeat(32),
      selectedList: [outcome({ applicantName: 'Lee, "Jo"' })],
      waitingList: [
        outcome({ id_application: 2, result: 'waiting', waiting_list_position: 1 }),
        outcome({ id_application: 3, applicantName: '=HYPERLINK("x")', result: 'waiting', waiting_list_position: 2 }),
      ],
      late: [],
      skipped: [],
      applications: [1, 2, 3],
    };
    const lines = practiceCsv(result, ['Grade', 'ID', 'Applicant', 'Level', 'N', 'Result', 'Order', 'Pos'], (r) =>
      r.toUpperCase(),
    ).split('\r\n');
    expect(lines[1]).toBe(`# seed,${'ab'.repeat(32)}`);
    expect(lines[3]).toBe('K,10,"Lee, ""Jo""",1,1,SELECTED,1,');
    expect(lines[4]).toBe('K,10,Ana Díaz,1,1,WAITING,1,1');
    // a name a spreadsheet would run stays text
    expect(lines[5]).toBe(`K,10,"'=HYPERLINK(""x"")",1,1,WAITING,1,2`);
  });
});
