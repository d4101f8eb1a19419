import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LotteryRecordSchema } from '@openseat/shared/schemas/lottery';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import FreezeNoticePage from './FreezeNoticePage';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

/** Lottery 8 of period 30, frozen on quicknet round 4,000,000 with 27 applications taking part. */
const frozen = (part: Record<string, unknown> = {}) =>
  LotteryRecordSchema.parse({
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
    inputsHash: 'c'.repeat(64),
    resultHash: null,
    consideredCount: 27,
    selectedCount: 0,
    waitingCount: 0,
    createdAt: '2026-11-20T16:00:00.000Z',
    drawnAt: null,
    drawnBy: null,
    campus: 'Alpha North',
    schoolYear: '2027-2028',
    siblingLevel: null,
    outcomes: [],
    ...part,
  });

function open(record: ReturnType<typeof frozen>, at = '/main/enrollment-settings/30/lottery/8/notice') {
  api.use(
    answer('get', '/lottery/8', { data: record }),
    answer('get', '/enrollment/campusYear', { id_campus_year: 30, id_campus: 10, id_school_year: 3 }),
    answer('get', '/lottery/log', { publicToken: 'tok-en_1234567890abcdef', entries: [] }),
    ...campusContext,
  );
  return renderScreen(<FreezeNoticePage />, {
    path: '/main/enrollment-settings/:id_campus_year/lottery/:id_lottery/notice',
    at,
  });
}

describe('FreezeNoticePage', () => {
  it('prints the whole fingerprint, the committed round and its time, and the public page of the lottery', async () => {
    open(frozen());
    const notice = await screen.findByTestId('lottery-freeze-notice');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('lottery.v2.noticeTitle'));
    expect(notice).toHaveTextContent('Alpha North');
    expect(notice).toHaveTextContent(/27 applications take part/);
    expect(screen.getByTestId('notice-fingerprint')).toHaveTextContent('c'.repeat(64));
    expect(notice).toHaveTextContent(/drand round 4000000/);
    expect(screen.getByTestId('notice-public-url')).toHaveTextContent(/\/public\/lottery\/tok-en_1234567890abcdef$/);
    expect(screen.getByRole('button', { name: t('lottery.print') })).toBeInTheDocument();
  });

  it('says dice for a dice freeze, in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      open(frozen({ source: 'dice', beaconChain: null, beaconRound: null, roundAt: null, diceEntries: 2 }));
      expect(await screen.findByTestId('lottery-freeze-notice')).toHaveTextContent(/veinte dados/);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('congeladas');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('is not found for a lottery never frozen, or of another period', async () => {
    const never = open(frozen({ frozenAt: null, state: 'committed' }));
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    never.unmount();
    open(frozen(), '/main/enrollment-settings/31/lottery/8/notice');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
