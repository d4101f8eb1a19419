import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  LotteryResultSchema,
  LotterySummarySchema,
  type LotteryOutcome,
  type LotterySummary,
} from '@openseat/shared/schemas/lottery';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { LotteryPanel } from './LotteryPanel';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const period = { id_campus_year: 30, id_campus: 10, id_school_year: 3, started: true };

const outcome = (id: number, name: string, result: 'selected' | 'waiting', order: number): LotteryOutcome => ({
  id_application: id,
  correlative: 1000 + id,
  applicantName: name,
  id_grade: 3,
  grade: 'K',
  result,
  order,
  lottery_number: order,
  level: 1,
  priorityItem: null,
  weight: 1,
  sibling: false,
  waiting_list_position: result === 'waiting' ? order - 1 : null,
});

const drawn: LotterySummary = LotterySummarySchema.parse({
  id_lottery: 5,
  id_campus_year: 30,
  state: 'drawn',
  algorithm: 'openseat-draw-v1',
  seedHash: 'a'.repeat(64),
  frozenAt: null,
  source: null,
  beaconChain: null,
  beaconRound: null,
  roundAt: null,
  diceEntries: 0,
  seed: 'b'.repeat(64),
  inputsHash: 'c'.repeat(64),
  resultHash: 'd'.repeat(64),
  consideredCount: 2,
  selectedCount: 1,
  waitingCount: 1,
  createdAt: '2026-11-01T15:00:00.000Z',
  drawnAt: '2026-11-01T15:00:00.000Z',
  drawnBy: 'Carla Campus',
});

/** A draw's answer showing these outcomes of grade 3 (K), with these counts in all (by default: what it shows). */
function answerOf(selected: LotteryOutcome[], waiting: LotteryOutcome[], all = { selected: 0, waiting: 0 }) {
  const counts = { selected: all.selected || selected.length, waiting: all.waiting || waiting.length };
  return {
    pageSize: 25,
    counts: { considered: counts.selected + counts.waiting, ...counts, late: 0, skipped: 0 },
    grades: [{ id_grade: 3, grade: 'K', considered: counts.selected + counts.waiting, ...counts, late: 0 }],
    selectedList: selected,
    waitingList: waiting,
    late: [],
    skipped: [],
  };
}

/** The panel of a period whose lotteries are `lotteries`, with no held messages. */
function openPanel(lotteries: LotterySummary[]) {
  api.use(
    answer('get', '/lottery', { data: lotteries }),
    answer('get', '/lottery/holds', { data: [] }),
    answer('get', '/lottery/log', { publicToken: null, entries: [] }),
    ...campusContext,
  );
  return renderScreen(<LotteryPanel period={period} />);
}

describe('LotteryPanel', () => {
  it('runs a practice draw for the period and shows its seed and lists, writing nothing', async () => {
    const practice = recorder(
      'post',
      '/lottery/practice',
      LotteryResultSchema.parse({
        ...answerOf([outcome(1, 'Ana Alvarez', 'selected', 1)], [outcome(2, 'Bruno Baez', 'waiting', 2)]),
        lottery: null,
        practice: true,
        seed: 'practice-seed-1',
      }),
    );
    api.use(practice.handler);
    const { user } = openPanel([]);

    expect(await screen.findByText(t('lottery.stateNotDrawn'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('lottery.practice') }));

    const dialog = await screen.findByRole('dialog', { name: t('lottery.practiceTitle') });
    expect(practice.requests.map((r) => r.body)).toEqual([{ id_campus: 10, id_school_year: 3 }]);
    expect(within(dialog).getByText('practice-seed-1')).toBeInTheDocument();
    expect(within(dialog).getByText('Ana Alvarez')).toBeInTheDocument();
    expect(within(dialog).getByText('Bruno Baez')).toBeInTheDocument();
  });

  it('shows a drawn lottery by its summary (counts, first pages, the full record linked), and offers no second draw', async () => {
    // the answer holds the first page of each list; the counts say how many there are in all
    const summary = answerOf([outcome(1, 'Ana Alvarez', 'selected', 1)], [outcome(2, 'Bruno Baez', 'waiting', 2)], {
      selected: 40,
      waiting: 1200,
    });
    api.use(
      answer(
        'get',
        '/lottery/5/summary',
        LotteryResultSchema.parse({ ...summary, lottery: drawn, practice: false, seed: drawn.seed }),
      ),
    );
    openPanel([drawn]);

    expect(await screen.findByText('Ana Alvarez')).toBeInTheDocument();
    expect(screen.getByText('Bruno Baez')).toBeInTheDocument();
    expect(screen.getByTestId('lottery-grade-3')).toHaveTextContent(/K\s*1,240\s*40\s*1,200\s*0/);
    expect(screen.getByText(t('lottery.waitingList', { count: 1200 }))).toBeInTheDocument();
    expect(screen.getByTestId('lottery-first-page-note')).toHaveTextContent(t('lottery.firstPageNote', { size: 25 }));
    expect(screen.getByTestId('lottery-full-record')).toHaveAttribute('href', '/main/enrollment-settings/30/lottery/5');
    expect(screen.getByTestId('lottery-state')).toHaveTextContent('Carla Campus');
    expect(screen.queryByRole('button', { name: t('lottery.run') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('lottery.addLate') })).toBeInTheDocument();
  });

  it('re-runs a drawn lottery only after a reason and a warning; shows the refusal; lists a superseded draw', async () => {
    const rerun = recorder(
      'post',
      '/lottery/rerun',
      { code: 'LOTTERY_RERUN', message: "The draw's messages were released: families were told." },
      409,
    );
    api.use(
      rerun.handler,
      answer(
        'get',
        '/lottery/5/summary',
        LotteryResultSchema.parse({ ...answerOf([], []), lottery: drawn, practice: false, seed: drawn.seed }),
      ),
    );
    const setAside = { ...drawn, id_lottery: 4, state: 'superseded' as const, drawnAt: '2026-10-30T15:00:00.000Z' };
    const { user } = openPanel([drawn, setAside]);

    expect(await screen.findByTestId('lottery-superseded')).toHaveTextContent(t('lottery.v2.supersededRecord'));
    expect(within(screen.getByTestId('lottery-superseded')).getByRole('link')).toHaveAttribute(
      'href',
      '/main/enrollment-settings/30/lottery/4',
    );
    await user.click(screen.getByRole('button', { name: t('lottery.v2.rerun') }));
    const dialog = await screen.findByRole('dialog', { name: t('lottery.v2.rerunTitle') });
    expect(dialog).toHaveTextContent(t('lottery.v2.rerunConsequence'));
    await user.type(within(dialog).getByRole('textbox', { name: t('lottery.v2.reason') }), 'short');
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.rerun') }));
    expect(rerun.requests).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: t('lottery.v2.reason') }), ' but now long enough');
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.rerun') }));
    expect(await within(dialog).findByTestId('lottery-rerun-refusal')).toHaveTextContent('families were told');
    expect(rerun.requests.map((r) => r.body)).toEqual([
      { id_campus: 10, id_school_year: 3, reason: 'short but now long enough' },
    ]);
  });

  it("shows the server's error when the lotteries cannot be read", async () => {
    api.use(
      http.get('/api/lottery', () =>
        HttpResponse.json({ code: 'FORBIDDEN', message: 'You may not see this campus.' }, { status: 403 }),
      ),
      answer('get', '/lottery/holds', { data: [] }),
      answer('get', '/lottery/log', { publicToken: null, entries: [] }),
      ...campusContext,
    );
    renderScreen(<LotteryPanel period={period} />);

    expect(await screen.findByText('You may not see this campus.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(t('lottery.stateNotDrawn'))).not.toBeInTheDocument());
  });
});
