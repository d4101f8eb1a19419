import { createHash } from 'node:crypto';
import type { LotteryLogEntry, LotteryLogKind } from '@openseat/shared/schemas/lottery';

/*
 * A school period's public lottery log (docs/lottery-algorithm.md, "Log"): freeze, unfreeze, practice, draw and
 * re-run entries, each hash-chained to the one before, so an entry edited, deleted, inserted or moved breaks every
 * hash after it. The body is an opaque JSON text: the hash covers its exact characters, so a verifier never has to
 * re-serialise it. scripts/verify-lottery.mjs checks the chain on its own.
 */

export const LOG_FORMAT = 'openseat-lottery-log-v1';
/** The `prevHash` of a period's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

type Unhashed = Pick<LotteryLogEntry, 'seq' | 'kind' | 'at' | 'body' | 'prevHash'>;

/** The text an entry's hash covers: one field per line, each ending in "\n". */
export const entryText = (e: Unhashed) => `${LOG_FORMAT}\n${e.seq}\n${e.kind}\n${e.at}\n${e.prevHash}\n${e.body}\n`;

export const entryHash = (e: Unhashed) => createHash('sha256').update(entryText(e), 'utf8').digest('hex');

/** The next entry after `last` (none: the first of the period). */
export function nextEntry(
  last: Pick<LotteryLogEntry, 'seq' | 'hash'> | undefined,
  kind: LotteryLogKind,
  at: Date,
  facts: Record<string, unknown>,
): LotteryLogEntry {
  const unhashed = {
    seq: (last?.seq ?? 0) + 1,
    kind,
    at: at.toISOString(),
    body: JSON.stringify(facts),
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  return { ...unhashed, hash: entryHash(unhashed) };
}

/** Why a log does not hold together (empty: it does): numbering, links and hashes, entry by entry. */
export function chainProblems(entries: readonly LotteryLogEntry[]): string[] {
  const problems: string[] = [];
  let prev = GENESIS_HASH;
  entries.forEach((e, i) => {
    if (e.seq !== i + 1) problems.push(`entry ${i + 1}: numbered ${e.seq}`);
    if (e.prevHash !== prev) problems.push(`entry ${e.seq}: not linked to the entry before it`);
    if (entryHash(e) !== e.hash) problems.push(`entry ${e.seq}: its hash does not match its content`);
    prev = e.hash;
  });
  return problems;
}

/** The log as a file: one JSON object per line (JSON Lines), in order; what the public page downloads. */
export const logFile = (entries: readonly LotteryLogEntry[]) =>
  entries
    .map((e) =>
      JSON.stringify({ seq: e.seq, kind: e.kind, at: e.at, body: e.body, prev_hash: e.prevHash, hash: e.hash }),
    )
    .map((line) => line + '\n')
    .join('');
