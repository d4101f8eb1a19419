import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import {
  BEACON_CHAINS,
  chainByHash,
  chainByName,
  checkRound,
  roundAt,
  roundTime,
  useTestChain,
} from './lottery.beacon';
import { diceDigits, seedOf, seedText } from './lottery.seed';

/*
 * Real rounds as the League of Entropy's relays publish them, copied from
 *   https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/2 and /3 (quicknet)
 *   https://api.drand.sh/8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce/public/2 and /3 (default)
 * as recorded in ChainSafe Forest's drand signature tests (src/beacon/signatures/tests.rs).
 */
const QUICKNET_2 = {
  round: 2,
  signature: 'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807',
};
const QUICKNET_3 = {
  round: 3,
  signature: 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64',
};
const DEFAULT_2 =
  'aa18facd2d51b616511d542de6f9af8a3b920121401dad1434ed1db4a565f10e04fad8d9b2b4e3e0094364374caafe9b10478bf75650124831509c638b5a36a7a232ec70289f8751a2adb47fc32eb70b57dc81c39d48cbcac9fec46cdfc31663';
const DEFAULT_3 = {
  round: 3,
  signature:
    'a7b0877eaea7a0222f4c39a2c03434c34f5fe3ea47c533d24b88e5c3053b84775ccb78e984addcb55173f40428513f280cc6e0fccc3c89bb1625c7c0b477deb6faae43fc6ec036f09233bf38da16586b3042dd01a7e9ed97c8bafa343cc6071e',
  previousSignature: DEFAULT_2,
};

const { quicknet, default: chained } = BEACON_CHAINS;
const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
/** The same hex with one bit of its last byte flipped. */
const flipLastBit = (hex: string) => hex.slice(0, -2) + (parseInt(hex.slice(-2), 16) ^ 1).toString(16).padStart(2, '0');

describe('a drand round is checked against its chain key', () => {
  it('genuine quicknet rounds verify, and their randomness is SHA-256 of the signature', () => {
    for (const round of [QUICKNET_2, QUICKNET_3])
      expect(checkRound(quicknet, round)).toEqual({ ok: true, randomness: sha256(round.signature) });
  });

  it('a genuine round of the chained default network verifies with its previous signature', () => {
    expect(checkRound(chained, DEFAULT_3)).toEqual({ ok: true, randomness: sha256(DEFAULT_3.signature) });
  });

  it('a flipped signature bit is refused', () => {
    expect(checkRound(quicknet, { ...QUICKNET_3, signature: flipLastBit(QUICKNET_3.signature) }).ok).toBe(false);
    expect(checkRound(chained, { ...DEFAULT_3, signature: flipLastBit(DEFAULT_3.signature) }).ok).toBe(false);
  });

  it('a signature presented as another round is refused', () => {
    expect(checkRound(quicknet, { ...QUICKNET_3, round: 4 })).toEqual({ ok: false, reason: 'signature' });
    expect(checkRound(quicknet, { ...QUICKNET_2, round: 3 })).toEqual({ ok: false, reason: 'signature' });
  });

  it("another chain's round is refused", () => {
    // the default chain signs on G2 (96 bytes): not even the shape of a quicknet signature
    expect(checkRound(quicknet, DEFAULT_3)).toEqual({ ok: false, reason: 'malformed' });
    expect(checkRound(chained, { ...QUICKNET_3, previousSignature: DEFAULT_2 })).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('a chained round without its previous signature, or with another one, is refused', () => {
    expect(checkRound(chained, { ...DEFAULT_3, previousSignature: null })).toEqual({
      ok: false,
      reason: 'previousSignatureMissing',
    });
    expect(checkRound(chained, { ...DEFAULT_3, previousSignature: flipLastBit(DEFAULT_2) })).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('text that is not a signature is refused, never thrown', () => {
    for (const signature of ['', 'zz'.repeat(48), QUICKNET_3.signature.toUpperCase(), '00'.repeat(48)])
      expect(checkRound(quicknet, { round: 3, signature }).ok).toBe(false);
    expect(checkRound(quicknet, { round: 0, signature: QUICKNET_3.signature })).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('the round a moment commits to', () => {
  it('round 1 is at genesis, then one every period', () => {
    expect(roundTime(quicknet, 1).getTime() / 1000).toBe(1692803367);
    expect(roundTime(quicknet, 3).getTime() / 1000).toBe(1692803373);
    expect(roundTime(chained, 2).getTime() / 1000).toBe(1595431080);
  });

  it('is the first round published at or after the moment', () => {
    const genesis = quicknet.genesisTime * 1000;
    expect(roundAt(quicknet, new Date(genesis))).toBe(1);
    expect(roundAt(quicknet, new Date(genesis + 1))).toBe(2);
    expect(roundAt(quicknet, new Date(genesis + 3000))).toBe(2);
    expect(roundAt(quicknet, new Date(genesis + 3001))).toBe(3);
    expect(roundAt(quicknet, new Date(genesis - 86_400_000))).toBe(1);
    for (const at of [new Date('2026-12-01T18:00:00Z'), new Date('2027-03-15T16:30:01.5Z')]) {
      const round = roundAt(quicknet, at);
      expect(roundTime(quicknet, round).getTime()).toBeGreaterThanOrEqual(at.getTime());
      expect(roundTime(quicknet, round - 1).getTime()).toBeLessThan(at.getTime());
    }
  });
});

describe('the v2 seed', () => {
  const inputsHash = 'a'.repeat(64);
  const drand = {
    kind: 'drand',
    chainHash: quicknet.hash,
    round: 3,
    randomness: sha256(QUICKNET_3.signature),
  } as const;

  it('hashes the algorithm, the inputs hash and the source, in the documented layout', () => {
    expect(seedText(inputsHash, drand)).toBe(
      `openseat-lottery-v2\n${inputsHash}\ndrand,${quicknet.hash},3,${drand.randomness}\n`,
    );
    expect(seedText(inputsHash, { kind: 'dice', digits: '20237331128159211123' })).toBe(
      `openseat-lottery-v2\n${inputsHash}\ndice,20237331128159211123\n`,
    );
    expect(seedOf(inputsHash, drand)).toBe(createHash('sha256').update(seedText(inputsHash, drand)).digest('hex'));
  });

  it('changes with each of its parts', () => {
    const seeds = new Set([
      seedOf(inputsHash, drand),
      seedOf('b'.repeat(64), drand),
      seedOf(inputsHash, { ...drand, round: 2, randomness: sha256(QUICKNET_2.signature) }),
      seedOf(inputsHash, { kind: 'dice', digits: '20237331128159211123' }),
      seedOf(inputsHash, { kind: 'dice', digits: '20237331128159211124' }),
    ]);
    expect(seeds.size).toBe(5);
  });
});

describe('dice as entered', () => {
  it('reads twenty digits with spaces, commas or dashes between them', () => {
    expect(diceDigits('20237331128159211123')).toBe('20237331128159211123');
    expect(diceDigits(' 2 0 2 3 7 3 3 1 1 2, 8 1 5 9 2 1 1 1 2 3 ')).toBe('20237331128159211123');
    expect(diceDigits('2023-7331-1281-5921-1123')).toBe('20237331128159211123');
  });

  it('refuses any other count or character', () => {
    for (const entered of [
      '',
      '2023733112815921112',
      '202373311281592111234',
      '2023733112815921112x',
      '２0237331128159211123',
    ])
      expect(diceDigits(entered)).toBeNull();
  });
});

describe("the end-to-end tests' own chain", () => {
  const short = bls12_381.shortSignatures;
  const secret = Uint8Array.from(Buffer.alloc(32, 7));
  const publicKey = short.getPublicKey(secret).toHex();
  const signed = (round: number) => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64BE(BigInt(round));
    const message = createHash('sha256').update(bytes).digest();
    return short.sign(short.hash(message, 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_'), secret).toHex();
  };
  afterEach(() => useTestChain(null));

  it('exists only on a server started with its key, with its own hash; its signed rounds verify like quicknet', () => {
    expect(chainByName('test')).toBeUndefined();
    useTestChain(publicKey);
    const chain = chainByName('test')!;
    expect(chain).toMatchObject({ name: 'test', period: 3, scheme: quicknet.scheme });
    expect(chain.hash).not.toBe(quicknet.hash);
    expect(chainByHash(chain.hash)).toBe(chain);
    expect(checkRound(chain, { round: 42, signature: signed(42) }).ok).toBe(true);
    expect(checkRound(chain, { round: 43, signature: signed(42) })).toEqual({ ok: false, reason: 'signature' });
    // quicknet's own rounds are not the test chain's
    expect(checkRound(chain, QUICKNET_3).ok).toBe(false);
    useTestChain(null);
    expect(chainByHash(chain.hash)).toBeUndefined();
  });
});
