import type { LotteryVerification } from '@openseat/shared/schemas/lottery';
import { chainByHash, checkRound, roundTime } from './lottery.beacon';
import type { LotteryRecordV2 } from './lottery.csv';
import type { LotteryRow } from './lottery.repository';
import { diceDigits, LOTTERY_ALGORITHM_V2, type RandomnessSource } from './lottery.seed';

/*
 * What a drawn v2 record holds beyond v1 (docs/lottery-algorithm.md, "v2"): the public source of its seed, checked
 * again from the stored values alone, and the facts its published file carries.
 */

type StoredLottery = LotteryRow['lottery'];
/** What a record's v2 facts are read from (the staff and the public reads select different columns). */
type V2Row = Pick<
  StoredLottery,
  | 'id_lottery'
  | 'algorithm'
  | 'source'
  | 'diceDigits'
  | 'beaconChain'
  | 'beaconRound'
  | 'beaconSignature'
  | 'beaconPreviousSignature'
  | 'frozenAt'
  | 'roundAt'
  | 'logHash'
>;
type Check = LotteryVerification['checks'][number];

/** The source the record says its seed came from, with the check of its authenticity (null: none recorded). */
export function recordedSource(
  l: Omit<V2Row, 'frozenAt' | 'roundAt' | 'logHash'>,
): { source: RandomnessSource | null; ok: boolean; expected: string; actual: string } | null {
  if (l.source === 'dice') {
    const digits = l.diceDigits ? diceDigits(l.diceDigits) : null;
    return {
      source: digits ? { kind: 'dice', digits } : null,
      ok: digits !== null,
      expected: 'dice',
      actual: digits ?? '',
    };
  }
  const chain = chainByHash(l.beaconChain);
  if (l.source !== 'drand' || !chain || l.beaconRound === null || !l.beaconSignature) return null;
  const check = checkRound(chain, {
    round: l.beaconRound,
    signature: l.beaconSignature,
    previousSignature: l.beaconPreviousSignature,
  });
  return {
    source: check.ok
      ? { kind: 'drand', chainHash: chain.hash, round: l.beaconRound, randomness: check.randomness }
      : null,
    ok: check.ok,
    expected: `${chain.name} round ${l.beaconRound}`,
    actual: check.ok ? check.randomness : check.reason,
  };
}

/** The round was published after the freeze (its time from the chain, not from the stored column); dice: drawn after. */
export function roundAfterFreeze(l: StoredLottery): Check {
  const frozenAt = l.frozenAt?.toISOString() ?? '';
  const chain = chainByHash(l.beaconChain);
  const at =
    l.source === 'drand' && chain && l.beaconRound !== null ? roundTime(chain, l.beaconRound) : (l.drawnAt ?? null);
  const ok = at !== null && l.frozenAt !== null && at.getTime() > l.frozenAt.getTime();
  return { name: 'roundAfterFreeze', ok, expected: `after ${frozenAt}`, actual: at?.toISOString() ?? '' };
}

/**
 * The v2 lines of the record file: undefined for v1, or for a v2 row missing a fact or whose signature no longer
 * holds (its file then fails the verifier rather than carrying made-up facts).
 */
export function recordV2Of(l: V2Row): LotteryRecordV2 | undefined {
  if (l.algorithm !== LOTTERY_ALGORITHM_V2) return undefined;
  const source = recordedSource(l)?.source;
  if (!source || !l.frozenAt || !l.logHash) return undefined;
  return {
    frozenAt: l.frozenAt,
    source,
    beaconSignature: l.beaconSignature,
    beaconPreviousSignature: l.beaconPreviousSignature,
    roundAt: l.roundAt,
    logHash: l.logHash,
  };
}
