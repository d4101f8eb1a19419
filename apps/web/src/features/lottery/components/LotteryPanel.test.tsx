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
import { answer, api, recorder } from '../../../test/api';
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

/** The panel of a period whose lotteries are `lotteries`, with no held messages. */
function openPanel(lotteries: LotterySummary[]) {
  api.use(answer('get', '/lottery', { data: lotteries }), answer('get', '/lottery/holds', { data: [] }));
  return renderScreen(<LotteryPanel period={period} />);
}

describe('LotteryPanel', () => {
  it('runs a practice draw for the period and shows its seed and lists, writing nothing', async () => {
    const practice = recorder(
      'post',
      '/lottery/practice',
      LotteryResultSchema.parse({
        lottery: null,
        practice: true,
        seed: 'practice-seed-1',
        selectedList: [outcome(1, 'Ana Alvarez', 'selected', 1)],
        waitingList: [outcome(2, 'Bruno Baez', 'waiting', 2)],
        applications: [1, 2],
        late: [],
        skipped: [],
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

  it('shows a drawn lottery with its record, and offers no second draw', async () => {
    api.use(
      answer('get', '/lottery/5', {
        data: {
          ...drawn,
          campus: 'Alpha North',
          schoolYear: '2027-2028',
          outcomes: [outcome(1, 'Ana Alvarez', 'selected', 1), outcome(2, 'Bruno Baez', 'waiting', 2)],
        },
      }),
    );
    openPanel([drawn]);

    expect(await screen.findByText('Ana Alvarez')).toBeInTheDocument();
    expect(screen.getByText('Bruno Baez')).toBeInTheDocument();
    expect(screen.getByTestId('lottery-state')).toHaveTextContent('Carla Campus');
    expect(screen.queryByRole('button', { name: t('lottery.run') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('lottery.addLate') })).toBeInTheDocument();
  });

  it("shows the server's error when the lotteries cannot be read", async () => {
    api.use(
      http.get('/api/lottery', () =>
        HttpResponse.json({ code: 'FORBIDDEN', message: 'You may not see this campus.' }, { status: 403 }),
      ),
      answer('get', '/lottery/holds', { data: [] }),
    );
    renderScreen(<LotteryPanel period={period} />);

    expect(await screen.findByText('You may not see this campus.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(t('lottery.stateNotDrawn'))).not.toBeInTheDocument());
  });
});
