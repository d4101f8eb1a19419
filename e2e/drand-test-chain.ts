import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';

/*
 * The drand chain of these end-to-end tests (apps/server/src/modules/lottery/lottery.beacon.ts, "test chain"). A
 * browser test cannot wait for a real round published after its freeze, nor know it in advance: it holds this chain's
 * secret key and signs the committed round itself, as quicknet's nodes sign theirs (BLS12-381, signatures on G1,
 * RFC 9380 hash-to-curve). The servers it starts get the public key; production refuses any such chain.
 */

const short = bls12_381.shortSignatures;
const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';
/** A fixed secret: published with the tests, so this chain proves nothing outside them. */
const SECRET_KEY = Uint8Array.from(
  Buffer.from('4f70656e5365617420653265206472616e6420746573742063686169e4b3a201', 'hex'),
);

export const testChainPublicKey = () => short.getPublicKey(SECRET_KEY).toHex();

/** The chain's hash, as the server names it: SHA-256 of "openseat-test-chain\n<public key>\n". */
export const testChainHash = () =>
  createHash('sha256').update(`openseat-test-chain\n${testChainPublicKey()}\n`).digest('hex');

/** The round as a relay would serve it: `{round, signature}`, the signature over SHA-256 of the round's 8 bytes. */
export function signedRound(round: number) {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  const message = createHash('sha256').update(bytes).digest();
  return { round, signature: short.sign(short.hash(message, DST), SECRET_KEY).toHex() };
}

/** The randomness a round gives a seed: SHA-256 of its signature's bytes (hex). */
export const randomnessOf = (signature: string) =>
  createHash('sha256').update(Buffer.from(signature, 'hex')).digest('hex');
