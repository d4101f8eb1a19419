import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';

/** argon2id, OWASP parameters: m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the user is unknown so timing does not tell. */
let decoyHash: Promise<string> | null = null;
export const decoy = () => (decoyHash ??= hashPassword('openseat-decoy-password-never-valid'));

/**
 * Password strength by zxcvbn-ts (the estimator behind Dropbox's meter): dictionaries of common passwords,
 * names and words in English and Spanish, keyboard patterns, dates, repeats and l33t substitutions. A new
 * password must score 3 or more ("safely unguessable": about 10^8 guesses or more, well beyond online attack).
 */
let strength: ZxcvbnFactory | null = null;
/** Built on first use: the dictionaries take about a second to rank, which a server start need not pay. */
const estimator = () =>
  (strength ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
  }));

export const MIN_PASSWORD_SCORE = 3;

/**
 * Whether a new password is too weak to accept. The product's name counts as guessable (so the demo password
 * printed in the README is refused as a new password), and so do `userInputs` (the user's e-mail, name).
 */
export const isCommonPassword = (plain: string, userInputs: string[] = []) =>
  estimator().check(plain, guessableWords([...userInputs, 'openseat'])).score < MIN_PASSWORD_SCORE;

/** Each input, its parts (an e-mail's local part, each word of a name) and their unaccented forms. */
function guessableWords(inputs: string[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const lower = input.toLowerCase();
    for (const word of [lower, lower.split('@')[0], ...lower.split(/[\s@._+-]+/)]) {
      if (word.length < 3) continue;
      words.add(word);
      words.add(word.normalize('NFD').replace(/\p{Diacritic}/gu, ''));
    }
  }
  return [...words];
}
