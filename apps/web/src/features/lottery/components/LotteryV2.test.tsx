import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LotterySummarySchema, type LotterySummary } from '@openseat/shared/schemas/lottery';
import { translate } from '@openseat/shared/messages';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { LotteryPanel } from './LotteryPanel';
import { RoundCountdown } from './RoundCountdown';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const period = { id_campus_year: 30, id_campus: 10, id_school_year: 3, started: true };
const QUICKNET = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
const SIGNATURE = 'ab'.repeat(48);

/** A lottery of period 30 in `state`, with v2 facts as the server answers them. */
const summary = (part: Partial<LotterySummary>): LotterySummary =>
  LotterySummarySchema.parse({
    id_lottery: 8,
    id_campus_year: 30,
    state: 'frozen',
    algorithm: 'openseat-lottery-v2',
    seedHash: null,
    frozenAt: '2026-11-20T16:00:00.000Z',
    source: 'drand',
    beaconChain: QUICKNET,
    beaconRound: 4_000_000,
    roundAt: '2026-11-21T17:00:00.000Z',
    diceEntries: 0,
    seed: null,
    inputsHash: 'c'.repeat(64),
    resultHash: null,
    consideredCount: 0,
    selectedCount: 0,
    waitingCount: 0,
    createdAt: '2026-11-20T16:00:00.000Z',
    drawnAt: null,
    drawnBy: null,
    ...part,
  });

/** The panel of period 30 with these lotteries and this log. */
function openPanel(lotteries: LotterySummary[], log: { publicToken: string | null; entries: unknown[] } = noLog) {
  api.use(
    answer('get', '/lottery', { data: lotteries }),
    answer('get', '/lottery/holds', { data: [] }),
    answer('get', '/lottery/log', log as never),
    ...campusContext,
  );
  return renderScreen(<LotteryPanel period={period} />);
}
const noLog = { publicToken: null, entries: [] };

afterEach(() => {
  vi.useRealTimers();
});

describe('LotteryPanel v2: freeze', () => {
  it('freezes on a drand round: quicknet by default, the draw time read on the campus clock, after a confirmation', async () => {
    const freeze = recorder('post', '/lottery/freeze', { message: 'Frozen.', data: summary({}) });
    api.use(freeze.handler);
    const { user } = openPanel([]);

    await user.click(await screen.findByRole('button', { name: t('lottery.v2.freeze') }));
    const dialog = await screen.findByRole('dialog', { name: t('lottery.v2.freezeTitle') });
    expect(within(dialog).getByRole('radio', { name: t('lottery.v2.sourceDrand') })).toBeChecked();
    expect(within(dialog).getByText(t('lottery.v2.sourceDrandHelp'))).toBeInTheDocument();
    expect(within(dialog).getByText(t('lottery.v2.sourceDiceHelp'))).toBeInTheDocument();
    // the helper names the campus's zone once the campuses are read: the time is read on its clock
    await within(dialog).findByText(/America\/Phoenix/);

    // a time in the past is refused here, and nothing is sent
    fireEvent.change(within(dialog).getByLabelText(new RegExp(t('lottery.v2.drawAt'))), {
      target: { value: '2020-01-15T18:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.freeze') }));
    expect(await within(dialog).findByText(translate('lotteryDrawAtPast', 'en'))).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(new RegExp(t('lottery.v2.drawAt'))), {
      target: { value: '2030-01-15T18:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.freeze') }));
    const confirm = await screen.findByRole('dialog', { name: t('lottery.v2.freezeConfirmTitle') });
    expect(confirm).toHaveTextContent(t('lottery.v2.freezeConfirm'));
    expect(freeze.requests).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: t('lottery.v2.freeze') }));

    await waitFor(() => expect(freeze.requests).toHaveLength(1));
    // 18:00 in Phoenix (UTC-7, no DST) is 01:00 UTC the next day
    expect(freeze.requests[0]!.body).toEqual({
      id_campus: 10,
      id_school_year: 3,
      source: 'drand',
      chain: 'quicknet',
      drawAt: '2030-01-16T01:00:00.000Z',
    });
  });

  it('freezes on public dice with no chain nor time', async () => {
    const freeze = recorder('post', '/lottery/freeze', { message: 'Frozen.', data: summary({ source: 'dice' }) });
    api.use(freeze.handler);
    const { user } = openPanel([]);

    await user.click(await screen.findByRole('button', { name: t('lottery.v2.freeze') }));
    const dialog = await screen.findByRole('dialog', { name: t('lottery.v2.freezeTitle') });
    await user.click(within(dialog).getByRole('radio', { name: t('lottery.v2.sourceDice') }));
    expect(within(dialog).queryByLabelText(new RegExp(t('lottery.v2.drawAt')))).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.freeze') }));
    const confirm = await screen.findByRole('dialog', { name: t('lottery.v2.freezeConfirmTitle') });
    await user.click(within(confirm).getByRole('button', { name: t('lottery.v2.freeze') }));

    await waitFor(() =>
      expect(freeze.requests.map((r) => r.body)).toEqual([{ id_campus: 10, id_school_year: 3, source: 'dice' }]),
    );
  });
});

describe('LotteryPanel v2: a frozen lottery', () => {
  it('shows the fingerprint, the committed round and its countdown; practice is labelled as proving nothing', async () => {
    openPanel([summary({ roundAt: new Date(Date.now() + 3_600_000).toISOString() })]);

    const facts = await screen.findByTestId('lottery-frozen-facts');
    expect(facts).toHaveTextContent('cccc cccc');
    expect(facts).toHaveTextContent('4000000');
    expect(facts).toHaveTextContent(/quicknet/);
    expect(screen.getByRole('timer')).toHaveTextContent(/Round published in 0[01]:\d\d:\d\d/);
    expect(screen.getByRole('button', { name: t('lottery.practice') })).toHaveAccessibleDescription(
      t('lottery.v2.practiceLabel'),
    );
    // the round is not out: nothing to fetch or paste yet, and no second freeze
    expect(screen.queryByRole('button', { name: t('lottery.v2.fetchRound') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('lottery.v2.freeze') })).not.toBeInTheDocument();
  });

  it('unfreezes only with a reason of 10 characters or more, which it sends', async () => {
    const unfreeze = recorder('post', '/lottery/unfreeze', {
      message: 'Unfrozen.',
      data: summary({ state: 'unfrozen' }),
    });
    api.use(unfreeze.handler);
    const { user } = openPanel([summary({})]);

    await user.click(await screen.findByRole('button', { name: t('lottery.v2.unfreeze') }));
    const dialog = await screen.findByRole('dialog', { name: t('lottery.v2.unfreezeTitle') });
    expect(dialog).toHaveTextContent(t('lottery.v2.unfreezeConsequence'));
    const reason = within(dialog).getByRole('textbox', { name: new RegExp(t('lottery.v2.reason')) });
    await user.type(reason, 'typo');
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.unfreeze') }));
    expect(await within(dialog).findByText(translate('reorderReasonMin', 'en'))).toBeInTheDocument();
    expect(unfreeze.requests).toEqual([]);

    await user.type(reason, ' in a seat count of K');
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.unfreeze') }));
    await waitFor(() =>
      expect(unfreeze.requests.map((r) => r.body)).toEqual([
        { id_campus: 10, id_school_year: 3, reason: 'typo in a seat count of K' },
      ]),
    );
  });

  it('reads a pasted round: bad JSON is a field error and sends nothing; a good one is drawn with', async () => {
    const run = recorder('post', '/application/lottery', { code: 'LOTTERY', message: 'Refused by the chain.' }, 409);
    api.use(
      run.handler,
      answer('get', '/application/spots/30', []),
      answer('get', '/lottery/plan', { applications: 3, families: 2, seats: 1, late: 0, skipped: 0 }),
    );
    const { user } = openPanel([summary({})]);

    expect(await screen.findByRole('timer')).toHaveTextContent(t('lottery.v2.roundPublished'));
    await user.click(screen.getByRole('button', { name: t('lottery.v2.pasteRound') }));
    const dialog = await screen.findByRole('dialog', { name: t('lottery.v2.pasteTitle') });
    const json = within(dialog).getByRole('textbox', { name: t('lottery.v2.pasteJson') });
    await user.click(json);
    await user.paste('{"round": 4000000, "signature": ');
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.pasteUse') }));
    expect(await within(dialog).findByText(t('lottery.v2.pasteJsonInvalid'))).toBeInTheDocument();

    // not hex: the shared rule's message
    await user.clear(json);
    await user.paste('{"round": 4000000, "signature": "zz"}');
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.pasteUse') }));
    expect(await within(dialog).findByText(translate('lotteryBeaconMalformed', 'en'))).toBeInTheDocument();

    // another round than the committed one
    await user.clear(json);
    await user.paste(`{"round": 3999999, "signature": "${SIGNATURE}"}`);
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.pasteUse') }));
    expect(await within(dialog).findByText(translate('lotteryRoundMismatch', 'en'))).toBeInTheDocument();
    expect(run.requests).toEqual([]);

    await user.clear(json);
    await user.paste(`{"round": 4000000, "randomness": "00", "signature": "${SIGNATURE.toUpperCase()}"}`);
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.pasteUse') }));

    const runDialog = await screen.findByTestId('lottery-run-dialog');
    expect(runDialog).toHaveTextContent(t('lottery.v2.runPasted', { round: 4000000 }));
    await user.click(await within(runDialog).findByTestId('lottery-run-confirm'));
    await waitFor(() => expect(within(runDialog).getByTestId('lottery-run-accept')).toBeEnabled());
    await user.click(within(runDialog).getByTestId('lottery-run-accept'));

    // the server's 409 is shown as it says it
    expect(await within(runDialog).findByTestId('lottery-run-refusal')).toHaveTextContent('Refused by the chain.');
    expect(run.requests.map((r) => r.body)).toEqual([
      { id_campus: 10, id_school_year: 3, id_lottery: 8, beacon: { round: 4000000, signature: SIGNATURE } },
    ]);
  });

  it('reads a round pasted field by field, and fetches one from the relays', async () => {
    const run = recorder('post', '/application/lottery', { code: 'LOTTERY', message: 'Not yet.' }, 409);
    api.use(
      run.handler,
      answer('get', '/application/spots/30', []),
      answer('get', '/lottery/plan', { applications: 3, families: 2, seats: 1, late: 0, skipped: 0 }),
    );
    const { user } = openPanel([summary({})]);

    await user.click(await screen.findByRole('button', { name: t('lottery.v2.pasteRound') }));
    const dialog = await screen.findByRole('dialog', { name: t('lottery.v2.pasteTitle') });
    await user.type(within(dialog).getByRole('textbox', { name: t('lottery.v2.round') }), '40x');
    await user.click(within(dialog).getByRole('button', { name: t('lottery.v2.pasteUse') }));
    expect(await within(dialog).findAllByText(translate('invalidValue', 'en'))).not.toHaveLength(0);
    expect(run.requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: t('common.cancel') }));

    await user.click(screen.getByRole('button', { name: t('lottery.v2.fetchRound') }));
    const runDialog = await screen.findByTestId('lottery-run-dialog');
    expect(runDialog).toHaveTextContent(t('lottery.v2.runFetched'));
    await user.click(await within(runDialog).findByTestId('lottery-run-confirm'));
    await waitFor(() => expect(within(runDialog).getByTestId('lottery-run-accept')).toBeEnabled());
    await user.click(within(runDialog).getByTestId('lottery-run-accept'));
    expect(await within(runDialog).findByTestId('lottery-run-refusal')).toHaveTextContent('Not yet.');
    expect(run.requests.map((r) => r.body)).toEqual([
      { id_campus: 10, id_school_year: 3, id_lottery: 8, fetchBeacon: true },
    ]);
  });

  it('takes the dice (20 digits, spaces allowed) and shows what the server answers', async () => {
    const dice = recorder('post', '/lottery/8/dice', {
      message: 'First entry recorded.',
      data: summary({ source: 'dice', diceEntries: 1 }),
    });
    api.use(dice.handler);
    const { user } = openPanel([summary({ source: 'dice', beaconChain: null, beaconRound: null, roundAt: null })]);

    const digits = await screen.findByRole('textbox', { name: t('lottery.v2.diceDigits') });
    expect(digits).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByTestId('lottery-frozen-facts')).toHaveTextContent(t('lottery.v2.diceEntries', { count: 0 }));
    expect(screen.getByRole('button', { name: t('lottery.draw') })).toBeDisabled();

    await user.type(digits, '1234 5678');
    await user.click(screen.getByRole('button', { name: t('lottery.v2.diceEnter') }));
    expect(await screen.findByText(translate('lotteryDiceUnreadable', 'en'))).toBeInTheDocument();
    expect(dice.requests).toEqual([]);

    await user.type(digits, ' 9012 3456 7890');
    await user.click(screen.getByRole('button', { name: t('lottery.v2.diceEnter') }));
    expect(await screen.findByTestId('lottery-dice-answer')).toHaveTextContent('First entry recorded.');
    expect(dice.requests.map((r) => r.body)).toEqual([{ digits: '12345678901234567890' }]);
  });

  it('keeps the answer of the agreeing second entry as a notice when the form gives way to the Draw button', async () => {
    let entries = 1;
    const frozen = () =>
      summary({ source: 'dice', beaconChain: null, beaconRound: null, roundAt: null, diceEntries: entries });
    const dice = recorder('post', '/lottery/8/dice', {
      message: 'Both entries agree: the lottery can be drawn.',
      data: summary({ source: 'dice', diceEntries: 2 }),
    });
    const { user } = openPanel([frozen()]);
    // after the entry the list is read again: it says what the server now holds
    api.use(
      dice.handler,
      http.get('/api/lottery', () => HttpResponse.json({ data: [frozen()] })),
    );
    const digits = await screen.findByRole('textbox', { name: t('lottery.v2.diceDigits') });
    await user.type(digits, '12345678901234567890');
    entries = 2;
    await user.click(screen.getByRole('button', { name: t('lottery.v2.diceEnter') }));
    // the form is gone (two entries agree), the notice stays, and the draw is offered
    await waitFor(() => expect(screen.queryByRole('textbox', { name: t('lottery.v2.diceDigits') })).toBeNull());
    expect(await screen.findByText('Both entries agree: the lottery can be drawn.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('lottery.draw') })).toBeEnabled();
  });

  it("shows the server's refusal of a second entry by the same user in an alert", async () => {
    const dice = recorder(
      'post',
      '/lottery/8/dice',
      { code: 'LOTTERY', message: translate('lotteryDiceSameUser', 'en') },
      409,
    );
    api.use(dice.handler);
    const { user } = openPanel([summary({ source: 'dice', diceEntries: 1 })]);

    await user.type(await screen.findByRole('textbox', { name: t('lottery.v2.diceDigits') }), '1'.repeat(20));
    await user.click(screen.getByRole('button', { name: t('lottery.v2.diceEnter') }));
    const refusal = await screen.findByTestId('lottery-dice-answer');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(refusal).toHaveTextContent(translate('lotteryDiceSameUser', 'en'));
  });

  it("lists the period's log with its kinds and links its public page", async () => {
    openPanel([], {
      publicToken: 'tok-123',
      entries: [
        {
          seq: 1,
          kind: 'practice',
          at: '2026-11-20T15:00:00.000Z',
          body: '{}',
          prevHash: '0'.repeat(64),
          hash: 'e'.repeat(64),
        },
        {
          seq: 2,
          kind: 'freeze',
          at: '2026-11-20T16:00:00.000Z',
          body: '{}',
          prevHash: 'e'.repeat(64),
          hash: 'f'.repeat(64),
        },
      ],
    });

    const row = await screen.findByTestId('lottery-log-1');
    expect(row).toHaveTextContent(t('lottery.v2.logKinds.practice'));
    expect(row).toHaveTextContent('eeeeeeeeeeee');
    expect(screen.getByTestId('lottery-log-2')).toHaveTextContent(t('lottery.v2.logKinds.freeze'));
    expect(screen.getByRole('link', { name: t('lottery.v2.logPublic') })).toHaveAttribute(
      'href',
      '/public/lottery/tok-123',
    );
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      openPanel([summary({ roundAt: new Date(Date.now() + 90_000).toISOString() })]);
      expect(await screen.findByRole('button', { name: 'Descongelar' })).toBeInTheDocument();
      expect(screen.getByTestId('lottery-frozen-facts')).toHaveTextContent('Huella de las entradas (SHA-256)');
      expect(screen.getByRole('timer')).toHaveTextContent(/La ronda se publica en 00:0[01]:\d\d/);
      expect(screen.getByText('Práctica: la semilla propia del servidor, no prueba nada.')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('RoundCountdown', () => {
  it('counts down each second and stops at the round', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T16:58:55.000Z'));
    render(<RoundCountdown roundAt="2026-11-21T17:00:00.000Z" />);

    const timer = screen.getByRole('timer');
    expect(timer).toHaveAttribute('aria-live', 'polite');
    expect(timer).toHaveTextContent('Round published in 00:01:05');
    act(() => vi.advanceTimersByTime(2000));
    expect(timer).toHaveTextContent('Round published in 00:01:03');
    act(() => vi.advanceTimersByTime(63_000));
    expect(timer).toHaveTextContent(t('lottery.v2.roundPublished'));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says days when the round is far', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-19T15:00:00.000Z'));
    render(<RoundCountdown roundAt="2026-11-21T17:00:00.000Z" />);
    expect(screen.getByRole('timer')).toHaveTextContent('Round published in 2 d 02:00:00');
  });
});
