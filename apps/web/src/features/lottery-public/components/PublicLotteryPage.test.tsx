import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LotteryPublicPageSchema, type LotteryPublicPage } from '@openseat/shared/schemas/lottery-public';
import { NativeLanguageSwitch } from '../../../components/NativeLanguageSwitch';
import { setLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/client';
import { api } from '../../../test/api';
import PublicLotteryPage from './PublicLotteryPage';

const TOKEN = 'publicTokenOfPeriodA_0001';
const hex = (c: string) => c.repeat(64);

const drawnPage: LotteryPublicPage = LotteryPublicPageSchema.parse({
  school: 'Alpha Academy',
  campus: 'Alpha North',
  schoolYear: '2027-2028',
  log: [
    {
      seq: 1,
      kind: 'freeze',
      at: '2026-11-01T15:00:00.000Z',
      body: JSON.stringify({
        id_lottery: 5,
        algorithm: 'openseat-lottery-v2',
        inputs_sha256: hex('a'),
        source: 'dice',
      }),
      prevHash: hex('0'),
      hash: hex('1'),
    },
    {
      seq: 2,
      kind: 'draw',
      at: '2026-11-01T16:00:00.000Z',
      body: JSON.stringify({ id_lottery: 5, seed: hex('b'), result_sha256: hex('d') }),
      prevHash: hex('1'),
      hash: hex('2'),
    },
  ],
  lotteries: [
    {
      id_lottery: 5,
      state: 'drawn',
      algorithm: 'openseat-lottery-v2',
      frozenAt: '2026-11-01T15:00:00.000Z',
      source: 'drand',
      beaconChain: hex('c'),
      beaconRound: 1234567,
      roundAt: '2026-11-01T15:30:00.000Z',
      inputsHash: hex('a'),
      seed: hex('b'),
      seedHash: hex('e'),
      resultHash: hex('d'),
      drawnAt: '2026-11-01T16:00:00.000Z',
    },
  ],
  report: {
    id_lottery: 5,
    grades: [
      {
        id_grade: 3,
        grade: 'K',
        seats: 12,
        // 15 applicants, 3 waiting: the 3 suppressed, the 15 with them as a complement (the 12 offers are the seats)
        applicants: { value: null, suppressed: true },
        offers: { value: 12, suppressed: false },
        waiting: { value: null, suppressed: true },
        lowestLevel: 3,
      },
    ],
    total: {
      seats: 12,
      applicants: { value: null, suppressed: true },
      offers: { value: 12, suppressed: false },
      waiting: { value: null, suppressed: true },
    },
  },
});

/** The page signed out, as main.tsx shows it: no router, no providers. */
function openPage(answer: () => Response, token = TOKEN) {
  session.clear();
  api.use(http.get('/api/public/lottery/:token', answer));
  return {
    user: userEvent.setup({ delay: null }),
    ...render(<PublicLotteryPage token={token} languageSwitch={<NativeLanguageSwitch />} />),
  };
}

describe('PublicLotteryPage', () => {
  it('shows the period, its lottery facts, the report, the log, the files and how to verify', async () => {
    openPage(() => HttpResponse.json(drawnPage));
    expect(await screen.findByText('Alpha Academy')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Public lottery record' })).toBeVisible();
    expect(screen.getByText('Alpha North · 2027-2028')).toBeVisible();

    const lottery = screen.getByRole('article', { name: 'Lottery 5' });
    expect(within(lottery).getByText('Drawn')).toBeVisible();
    expect(within(lottery).getByText('drand public beacon, round 1234567')).toBeVisible();
    expect(within(lottery).getByText('11/01/2026 3:30 PM UTC')).toBeVisible();
    // the seed shortened, the whole value one click away
    expect(within(lottery).getByText(`${'b'.repeat(12)}…`)).toBeVisible();
    expect(within(lottery).getByText(hex('b'))).not.toBeVisible();

    const report = screen.getByRole('table', { name: 'Results per grade of the draw' });
    const kRow = within(report).getByRole('row', { name: /^K/ });
    expect(
      within(kRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '*not published', '12', '*not published', '3']);
    // a suppressed count (small, or its complement) reads as one word, the mark is for the eye, explained below
    expect(within(kRow).getAllByText('not published')).toHaveLength(2);
    expect(within(kRow).getAllByText('*')[0]).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(/^“\*”: not published, so that no family can be recognised/)).toBeVisible();
    expect(within(report).getByRole('rowheader', { name: 'Total' })).toBeVisible();

    const log = screen.getByRole('table', { name: /Every freeze/ });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Freeze')).toBeVisible();
    expect(within(rows[0]).getByText('11/01/2026 3:00 PM UTC')).toBeVisible();
    expect(within(rows[1]).getByText('Draw')).toBeVisible();
    // the entry's hash shortened, with its full value and an accessible name
    const hash = within(rows[1]).getByText('Full hash of entry 2').closest('details')!;
    expect(hash).toHaveTextContent(hex('2'));

    expect(screen.getByRole('link', { name: 'Log (.jsonl)' })).toHaveAttribute(
      'href',
      `/api/public/lottery/${TOKEN}/log.jsonl`,
    );
    expect(screen.getByRole('link', { name: 'Results report (.csv)' })).toHaveAttribute(
      'href',
      `/api/public/lottery/${TOKEN}/report.csv?lang=en`,
    );
    expect(screen.getByRole('link', { name: 'Lottery record (.csv)' })).toHaveAttribute(
      'href',
      `/api/public/lottery/${TOKEN}/record.csv`,
    );
    expect(screen.getByText('node scripts/verify-lottery.mjs record.csv log.jsonl')).toBeVisible();
    for (const name of ['Lotteries', 'Results report', 'Log', 'Downloads', 'How to check it yourself'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();
  });

  it('before a draw: no report, no record link, the seed still to come', async () => {
    openPage(() =>
      HttpResponse.json({
        ...drawnPage,
        log: drawnPage.log.slice(0, 1),
        lotteries: [
          { ...drawnPage.lotteries[0], state: 'frozen', seed: null, seedHash: null, resultHash: null, drawnAt: null },
        ],
        report: { id_lottery: null, grades: [], total: null },
      }),
    );
    expect(await screen.findByText('The results report appears here once the lottery is drawn.')).toBeVisible();
    expect(screen.getByText('Inputs frozen, waiting for the draw')).toBeVisible();
    expect(screen.getByText('Made at the draw')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Lottery record (.csv)' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log (.jsonl)' })).toBeVisible();
  });

  it('reads in Spanish with the language switch, and the report file follows', async () => {
    const { user } = openPage(() => HttpResponse.json(drawnPage));
    await screen.findByText('Alpha Academy');
    try {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
      expect(await screen.findByRole('heading', { level: 1, name: 'Registro público del sorteo' })).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: 'Informe de resultados' })).toBeVisible();
      expect(screen.getByRole('table', { name: 'Resultados del sorteo por grado' })).toBeVisible();
      expect(screen.getByText('Congelación')).toBeVisible();
      expect(screen.getAllByText('no publicado')).toHaveLength(4);
      expect(screen.getByText(/^“\*”: no se publica para que ninguna familia pueda ser reconocida/)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Informe de resultados (.csv)' })).toHaveAttribute(
        'href',
        `/api/public/lottery/${TOKEN}/report.csv?lang=es`,
      );
    } finally {
      setLanguage('en');
    }
  });

  it('says so when the address has no record (unknown or malformed token)', async () => {
    openPage(() => HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no lottery record at this address.');
  });

  it('offers to try again when the record could not be loaded', async () => {
    let calls = 0;
    const { user } = openPage(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json(drawnPage);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The lottery record could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Alpha Academy')).toBeVisible();
  });
});
