import { createHash } from 'node:crypto';

/*
 * The seed of a real draw, version 2: nothing the operator chooses. It is SHA-256 over the frozen inputs' hash and a
 * value from a public source fixed at the freeze (a drand round, or dice rolled at the public meeting), so the seed
 * cannot be ground before the inputs are fixed nor the inputs edited once the seed is known. The byte layout is in
 * docs/lottery-algorithm.md ("Seed, v2"); scripts/verify-lottery.mjs derives it on its own.
 */

export const LOTTERY_ALGORITHM_V2 = 'openseat-lottery-v2';

/** How many ten-sided dice are rolled at the meeting (Colorado's audit-seed practice). */
export const DICE_COUNT = 20;

export type RandomnessSource =
  { kind: 'drand'; chainHash: string; round: number; randomness: string } | { kind: 'dice'; digits: string };

/** The source as one line of the seed's text. */
export function sourceLine(source: RandomnessSource): string {
  return source.kind === 'drand'
    ? `drand,${source.chainHash},${source.round},${source.randomness}`
    : `dice,${source.digits}`;
}

/** The text the seed hashes: the algorithm, the inputs' hash and the source, one per line, each ending in "\n". */
export const seedText = (inputsHash: string, source: RandomnessSource) =>
  `${LOTTERY_ALGORITHM_V2}\n${inputsHash}\n${sourceLine(source)}\n`;

/** The draw's seed (hex): SHA-256 of `seedText` as UTF-8. */
export const seedOf = (inputsHash: string, source: RandomnessSource) =>
  createHash('sha256').update(seedText(inputsHash, source), 'utf8').digest('hex');

/**
 * The dice as entered: exactly `DICE_COUNT` digits, read in the order rolled. Spaces, commas and dashes between them
 * are allowed (people type "3 7 0 ..."); anything else makes the entry unreadable (null).
 */
export function diceDigits(entered: string): string | null {
  const digits = entered.replace(/[\s,-]/g, '');
  return new RegExp(`^[0-9]{${DICE_COUNT}}$`).test(digits) ? digits : null;
}
