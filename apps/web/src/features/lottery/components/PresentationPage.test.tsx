import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LotterySummarySchema, type LotterySummary } from '@openseat/shared/schemas/lottery';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import PresentationPage from './PresentationPage';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

const frozen = (part: Partial<LotterySummary>): LotterySummary =>
  LotterySummarySchema.parse({
    id_lottery: 8,
    id_campus_year: 30,
    state: 'frozen',
    algorithm: 'openseat-lottery-v2',
    seedHash: null,
    frozenAt: '2026-11-20T16:00:00.000Z',
    source: 'drand',
    beaconChain: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
    beaconRound: 4000000,
    roundAt: '2026-11-21T17:00:00.000Z',
    diceEntries: 0,
    seed: null,
    inputsHash: '0123'.repeat(16),
    resultHash: null,
    consideredCount: 0,
    selectedCount: 0,
    waitingCount: 0,
    createdAt: '2026-11-20T16:00:00.000Z',
    drawnAt: null,
    drawnBy: null,
    ...part,
  });

/** Presentation mode of period 30 whose lotteries are `lotteries`. */
function open(lotteries: LotterySummary[]) {
  api.use(
    answer('get', '/enrollment/campusYear', {
      id_campus_year: 30,
      id_campus: 10,
      id_school_year: 3,
      campus: { id_campus: 10, name: 'Alpha North' },
    }),
    answer('get', '/lottery', { data: lotteries }),
    answer('get', '/lottery/plan', { applications: 3, families: 2, seats: 1, late: 0, skipped: 0 }),
    ...campusContext,
  );
  return renderScreen(<PresentationPage />, {
    path: '/main/enrollment-settings/:id_campus_year/lottery/present',
    at: '/main/enrollment-settings/30/lottery/present',
  });
}

describe('PresentationPage (v2)', () => {
  it('shows the inputs fingerprint, then the committed round, then draws with the round fetched', async () => {
    const run = recorder('post', '/application/lottery', { code: 'LOTTERY', message: 'Round not yet.' }, 409);
    api.use(run.handler);
    const { user } = open([frozen({})]);

    expect(await screen.findByTestId('present-fingerprint')).toHaveTextContent('0123 0123');
    expect(screen.getByTestId('present-round')).toHaveTextContent(/4000000.*quicknet/);
    expect(screen.getByRole('timer')).toHaveTextContent(t('lottery.v2.roundPublished'));
    await user.click(screen.getByRole('button', { name: t('lottery.draw') }));
    const confirm = await screen.findByRole('dialog', { name: t('lottery.drawConfirmTitle') });
    await user.click(within(confirm).getByRole('button', { name: t('lottery.drawNow') }));

    expect(await within(confirm).findByTestId('confirm-refusal')).toHaveTextContent('Round not yet.');
    expect(run.requests.map((r) => r.body)).toEqual([
      { id_campus: 10, id_school_year: 3, id_lottery: 8, fetchBeacon: true },
    ]);
  });

  it('waits for the round: the countdown runs and the draw is not offered yet', async () => {
    open([frozen({ roundAt: new Date(Date.now() + 600_000).toISOString() })]);
    expect(await screen.findByRole('timer')).toHaveTextContent(/Round published in 00:(09|10):\d\d/);
    expect(screen.getByRole('button', { name: t('lottery.draw') })).toBeDisabled();
  });

  it('shows the dice entries and draws once two agree', async () => {
    open([frozen({ source: 'dice', beaconChain: null, beaconRound: null, roundAt: null, diceEntries: 2 })]);
    expect(await screen.findByTestId('present-dice')).toHaveTextContent(t('lottery.v2.presentDice', { count: 2 }));
    await waitFor(() => expect(screen.getByRole('button', { name: t('lottery.draw') })).toBeEnabled());
  });

  it('asks for a freeze first when there is none', async () => {
    open([]);
    expect(await screen.findByText(t('lottery.v2.presentNeedsFreeze'))).toBeInTheDocument();
  });
});
