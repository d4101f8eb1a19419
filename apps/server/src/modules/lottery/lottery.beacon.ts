import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { PUBLIC_CHAINS, type BeaconScheme } from '@openseat/shared/beacon-chains';

/*
 * Public randomness from drand (the League of Entropy beacon). A lottery commits, at its freeze, to a round of a
 * chain whose time is after the freeze; nobody, the operator included, can know that round's value before then, and
 * anyone can check the value's BLS signature against the chain's public key. docs/lottery-algorithm.md, "v2".
 */

export type BeaconChain = {
  name: 'quicknet' | 'default' | 'test';
  /** The chain hash: the relays' path segment and the chain's identity. */
  hash: string;
  publicKey: string;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
  scheme: BeaconScheme;
};

/** The League of Entropy's chains (packages/shared/src/beacon-chains.ts). */
export const BEACON_CHAINS = PUBLIC_CHAINS satisfies Record<string, BeaconChain>;

/**
 * The chain of this server's own end-to-end tests, when DRAND_TEST_CHAIN_PUBLIC_KEY is set (config refuses it in
 * production): a browser test cannot wait for, nor know in advance, a real round after its freeze, so it signs the
 * rounds of a chain whose key it holds. Same scheme and checks as quicknet; its own hash, so no record mistakes it.
 */
let testChain: BeaconChain | null = null;

/** Genesis of the test chain: 1 January 2026, 00:00 UTC; a round every 3 seconds, as quicknet. */
const TEST_GENESIS = 1767225600;

/** Sets (or, with null, removes) the test chain at start-up. */
export function useTestChain(publicKey: string | null) {
  testChain = publicKey
    ? {
        name: 'test',
        hash: createHash('sha256').update(`openseat-test-chain\n${publicKey}\n`).digest('hex'),
        publicKey,
        genesisTime: TEST_GENESIS,
        period: 3,
        scheme: 'bls-unchained-g1-rfc9380',
      }
    : null;
}

const knownChains = (): BeaconChain[] => [...Object.values(BEACON_CHAINS), ...(testChain ? [testChain] : [])];

/** The chain a freeze names (undefined: the test chain on a server without it). */
export const chainByName = (name: BeaconChain['name']): BeaconChain | undefined =>
  name === 'test' ? (testChain ?? undefined) : BEACON_CHAINS[name];

/** The chain a stored or pasted chain hash names (undefined: not one kept in the code). */
export const chainByHash = (hash: string | null): BeaconChain | undefined =>
  knownChains().find((chain) => chain.hash === hash);

/** When a round is published: round 1 at genesis, then one every period. */
export const roundTime = (chain: BeaconChain, round: number) =>
  new Date((chain.genesisTime + (round - 1) * chain.period) * 1000);

/** The first round published at or after a moment: the round a lottery announced for that moment commits to. */
export function roundAt(chain: BeaconChain, at: Date): number {
  const elapsed = at.getTime() / 1000 - chain.genesisTime;
  return elapsed <= 0 ? 1 : Math.ceil(elapsed / chain.period) + 1;
}

/** A round as a relay serves it (`/<hash>/public/<round>`), hex strings; the chained scheme also signs the previous. */
export type BeaconRound = { round: number; signature: string; previousSignature?: string | null };

export type RoundCheck =
  { ok: true; randomness: string } | { ok: false; reason: 'malformed' | 'previousSignatureMissing' | 'signature' };

const HEX = /^(?:[0-9a-f]{2})+$/;
const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const roundBytes = (round: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return bytes;
};

/** What the chain's nodes signed for a round: SHA-256 of the round (8 bytes, big-endian), after the previous signature when chained. */
function signedMessage(chain: BeaconChain, beacon: BeaconRound) {
  return chain.scheme === 'pedersen-bls-chained'
    ? sha256(bytesOf(beacon.previousSignature!), roundBytes(beacon.round))
    : sha256(roundBytes(beacon.round));
}

function signatureHolds(chain: BeaconChain, beacon: BeaconRound): boolean {
  const message = signedMessage(chain, beacon);
  const signature = bytesOf(beacon.signature);
  const publicKey = bytesOf(chain.publicKey);
  try {
    if (chain.scheme === 'bls-unchained-g1-rfc9380') {
      const short = bls12_381.shortSignatures;
      return short.verify(signature, short.hash(message, 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_'), publicKey);
    }
    const long = bls12_381.longSignatures;
    return long.verify(signature, long.hash(message, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_'), publicKey);
  } catch {
    // a signature that is not a point of the curve
    return false;
  }
}

/**
 * Checks a round against the chain's public key. The randomness is SHA-256 of the signature, computed here rather
 * than taken from the relay, so a value that was not signed can never enter a seed.
 */
export function checkRound(chain: BeaconChain, beacon: BeaconRound): RoundCheck {
  const signatureLength = chain.scheme === 'bls-unchained-g1-rfc9380' ? 96 : 192;
  if (!Number.isSafeInteger(beacon.round) || beacon.round < 1) return { ok: false, reason: 'malformed' };
  if (beacon.signature.length !== signatureLength || !HEX.test(beacon.signature))
    return { ok: false, reason: 'malformed' };
  if (chain.scheme === 'pedersen-bls-chained') {
    if (!beacon.previousSignature) return { ok: false, reason: 'previousSignatureMissing' };
    if (!HEX.test(beacon.previousSignature)) return { ok: false, reason: 'malformed' };
  }
  if (!signatureHolds(chain, beacon)) return { ok: false, reason: 'signature' };
  return { ok: true, randomness: sha256(bytesOf(beacon.signature)).toString('hex') };
}
