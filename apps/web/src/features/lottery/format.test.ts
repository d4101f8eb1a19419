import { describe, expect, it } from 'vitest';
import type { LotteryOutcome, LotteryResult } from '@openseat/shared/schemas/lottery';
import { byGrade, drawOrder, fingerprint } from './format';

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

  it('puts the outcomes an answer shows in draw order: grade by grade, selected then waiting', () => {
    const result: Pick<LotteryResult, 'selectedList' | 'waitingList' | 'grades'> = {
      grades: [
        { id_grade: 2, grade: '1', considered: 3, selected: 1, waiting: 2, late: 0 },
        { id_grade: 1, grade: 'K', considered: 1, selected: 1, waiting: 0, late: 0 },
      ],
      selectedList: [outcome({ id_application: 1, id_grade: 2, order: 1 }), outcome({ id_application: 4, order: 1 })],
      waitingList: [
        outcome({ id_application: 3, id_grade: 2, result: 'waiting', order: 3 }),
        outcome({ id_application: 2, id_grade: 2, result: 'waiting', order: 2 }),
      ],
    };
    expect(drawOrder(result).map((o) => o.id_application)).toEqual([1, 2, 3, 4]);
  });
});
