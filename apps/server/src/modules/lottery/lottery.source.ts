import type { LotteryRun } from '@openseat/shared/schemas/lottery';
import { AppError, badRequest } from '../../lib/errors';
import { chainByHash, checkRound, type BeaconRound } from './lottery.beacon';
import { refuse } from './lottery.plan';
import type { LotterySummaryRow } from './lottery.repository';
import type { RandomnessSource } from './lottery.seed';

/*
 * The randomness of a frozen lottery's draw (docs/lottery-algorithm.md, "v2"): the committed drand round, checked
 * here against the chain's public key whatever relay or person supplied it, or the dice two staff users agreed on.
 */

type Frozen = LotterySummaryRow['lottery'];
export type PastedRound = NonNullable<LotteryRun['beacon']>;

/** How long one relay may take to answer before the next is asked. */
const RELAY_TIMEOUT_MS = 5_000;

/** The committed round from the first relay that serves it (its signature is checked later, like a pasted one). */
export async function fetchCommittedRound(relays: string[], frozen: Frozen): Promise<PastedRound> {
  for (const relay of relays) {
    try {
      const res = await fetch(`${relay}/${frozen.beaconChain}/public/${frozen.beaconRound}`, {
        signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
      });
      if (!res.ok) continue;
      const body = (await res.json()) as { round?: unknown; signature?: unknown; previous_signature?: unknown };
      if (typeof body.round !== 'number' || typeof body.signature !== 'string') continue;
      return {
        round: body.round,
        signature: body.signature.toLowerCase(),
        ...(typeof body.previous_signature === 'string'
          ? { previous_signature: body.previous_signature.toLowerCase() }
          : {}),
      };
    } catch {
      // a relay down, slow or answering nonsense: the next one
    }
  }
  throw refuse('lotteryBeaconUnavailable', 'LOTTERY_BEACON_UNAVAILABLE');
}

const malformed = () => badRequest('lotteryBeaconMalformed', [{ path: 'beacon', message: 'lotteryBeaconMalformed' }]);

/** The drand round a frozen lottery committed to, checked: its time has come, it is that round, and it is signed. */
function drandSource(
  frozen: Frozen,
  beacon: PastedRound | undefined,
  now: Date,
): BeaconRound & { chainHash: string; randomness: string } {
  const chain = chainByHash(frozen.beaconChain);
  if (!chain || frozen.beaconRound === null || !frozen.roundAt || !frozen.frozenAt)
    throw new Error(`lottery ${frozen.id_lottery}: a drand freeze without its chain or round`);
  if (frozen.roundAt.getTime() <= frozen.frozenAt.getTime()) throw refuse('lotteryRoundBeforeFreeze', 'LOTTERY_ROUND');
  if (now.getTime() < frozen.roundAt.getTime()) throw refuse('lotteryRoundNotYet', 'LOTTERY_ROUND');
  if (!beacon) throw refuse('lotteryBeaconNeeded', 'LOTTERY_ROUND');
  if (beacon.round !== frozen.beaconRound) throw refuse('lotteryRoundMismatch', 'LOTTERY_ROUND');
  const round = { round: beacon.round, signature: beacon.signature, previousSignature: beacon.previous_signature };
  const check = checkRound(chain, round);
  if (!check.ok) {
    if (check.reason === 'signature') throw new AppError('LOTTERY_BEACON', 'lotteryBeaconRefused');
    throw malformed();
  }
  return { chainHash: chain.hash, randomness: check.randomness, ...round };
}

/** The source of a frozen lottery's seed, or the refusal that says what is missing. */
export function sourceOfFrozen(
  frozen: Frozen,
  beacon: PastedRound | undefined,
  now: Date,
): { source: RandomnessSource; beacon: BeaconRound | null } {
  if (frozen.source === 'dice') {
    if (!frozen.diceDigits) throw refuse('lotteryDiceNeeded', 'LOTTERY_DICE');
    return { source: { kind: 'dice', digits: frozen.diceDigits }, beacon: null };
  }
  const checked = drandSource(frozen, beacon, now);
  const { round, signature, previousSignature } = checked;
  return {
    source: { kind: 'drand', chainHash: checked.chainHash, round, randomness: checked.randomness },
    beacon: { round, signature, previousSignature },
  };
}
