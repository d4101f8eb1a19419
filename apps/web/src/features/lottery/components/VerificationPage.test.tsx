import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LotteryRecordSchema, LotteryVerificationSchema } from '@openseat/shared/schemas/lottery';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import VerificationPage from './VerificationPage';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

const record = LotteryRecordSchema.parse({
  id_lottery: 8,
  id_campus_year: 30,
  state: 'drawn',
  algorithm: 'openseat-lottery-v2',
  seedHash: null,
  frozenAt: '2026-11-20T16:00:00.000Z',
  source: 'drand',
  beaconChain: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  beaconRound: 4000000,
  roundAt: '2026-11-21T17:00:00.000Z',
  diceEntries: 0,
  seed: 'b'.repeat(64),
  inputsHash: 'c'.repeat(64),
  resultHash: 'd'.repeat(64),
  consideredCount: 0,
  selectedCount: 0,
  waitingCount: 0,
  createdAt: '2026-11-20T16:00:00.000Z',
  drawnAt: '2026-11-21T17:01:00.000Z',
  drawnBy: 'Carla Campus',
  campus: 'Alpha North',
  schoolYear: '2027-2028',
  siblingLevel: null,
  outcomes: [],
});

const check = (name: string, ok: boolean) => ({ name, ok, expected: ok ? 'x' : 'aa', actual: ok ? 'x' : 'bb' });

/** The verification screen of lottery 8, whose re-run answers these checks. */
function open(checks: ReturnType<typeof check>[]) {
  api.use(
    answer('get', '/lottery/8', { data: record }),
    answer(
      'get',
      '/lottery/8/verify',
      LotteryVerificationSchema.parse({ id_lottery: 8, valid: checks.every((c) => c.ok), checks, elapsedMs: 12 }),
    ),
    ...campusContext,
  );
  return renderScreen(<VerificationPage />, {
    path: '/main/enrollment-settings/:id_campus_year/lottery/:id_lottery',
    at: '/main/enrollment-settings/30/lottery/8',
  });
}

describe('VerificationPage (v2 checks)', () => {
  it('shows one row per check the answer holds, named and explained, pass or fail in words', async () => {
    const { user } = open([
      check('source', true),
      check('roundAfterFreeze', true),
      check('seed', false),
      check('inputsHash', true),
      check('result', true),
      check('log', true),
      check('signature', true),
    ]);
    await user.click(await screen.findByRole('button', { name: t('lottery.verify') }));

    const list = await screen.findByRole('list', { name: t('lottery.checksTitle') });
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    for (const name of ['source', 'roundAfterFreeze', 'log'] as const) {
      const row = screen.getByTestId(`lottery-check-${name}`);
      expect(row).toHaveTextContent(t('lottery.pass'));
      expect(row).toHaveTextContent(t(`lottery.checks.${name}`));
      expect(row).toHaveTextContent(t(`lottery.v2.checkHelp.${name}`));
    }
    const seed = screen.getByTestId('lottery-check-seed');
    expect(seed).toHaveTextContent(t('lottery.fail'));
    expect(seed).toHaveTextContent(t('lottery.checks.seed'));
    expect(seed).toHaveTextContent(t('lottery.expectedActual', { expected: 'aa', actual: 'bb' }));
    // a v1 check the answer does not hold is not shown
    expect(screen.queryByTestId('lottery-check-seedHash')).not.toBeInTheDocument();
    // the record's v2 facts
    expect(screen.getByTestId('lottery-record')).toHaveTextContent(/drand.*4000000/);
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      const { user } = open([check('roundAfterFreeze', true), check('log', false)]);
      await user.click(await screen.findByRole('button', { name: 'Verificar' }));
      expect(await screen.findByTestId('lottery-check-roundAfterFreeze')).toHaveTextContent(
        /Correcto.*La ronda se publicó después del congelamiento/,
      );
      expect(screen.getByTestId('lottery-check-log')).toHaveTextContent(/Falla.*El registro público está intacto/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
