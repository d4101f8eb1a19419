#!/usr/bin/env node
/*
 * Verifies a published OpenSeat lottery record (the CSV download) with nothing but Node and, for a draw from a drand
 * beacon, @noble/curves (the BLS signature check):
 *
 *   node scripts/verify-lottery.mjs record.csv [log.jsonl]
 *
 * An independent re-implementation of docs/lottery-algorithm.md: it does not use OpenSeat's code.
 * - openseat-lottery-v1: the seed matches the hash published before the draw, the inputs match their hash, and the
 *   draw re-run from the seed and the inputs gives the published result and its hash.
 * - openseat-lottery-v2: the randomness source (a drand round whose BLS signature holds against the chain's public
 *   key, or 20 dice digits), the round published strictly after the inputs were frozen, the seed derived from the
 *   inputs hash and the source, the inputs hash, the re-run; with the period's log (JSON Lines), the log's hash chain
 *   and its entries for this draw: the draw itself, the freeze before it, and no other draw on the same round.
 * Prints one line per check; exits 0 when all pass, 1 otherwise (2 when a file cannot be read).
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ALGORITHM = 'openseat-lottery-v1';
const ALGORITHM_V2 = 'openseat-lottery-v2';
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

// ---- reading the file ----

function parseRecord(text) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = {};
  const sections = { inputs: [], result: [], table: [] };
  let section = null;
  for (const quoted of lines) {
    // a header line with a comma or a quote is written as one quoted CSV cell
    const line = /^"# /.test(quoted) ? quoted.slice(1, -1).replace(/""/g, '"') : quoted;
    const marker = /^# \[(inputs|result|table)\]/.exec(line);
    if (marker) {
      section = marker[1];
      // the table is for people: nothing to check in it
      if (section === 'table') break;
      continue;
    }
    if (section === null) {
      const field = /^# ([a-z_0-9]+): (.*)$/.exec(line);
      if (field) header[field[1]] = field[2];
      continue;
    }
    if (line === '') continue;
    sections[section].push(line);
  }
  return { header, inputLines: sections.inputs, resultLines: sections.result };
}

const int = (text, what) => {
  if (!/^-?\d+$/.test(text)) throw new Error(`${what}: not an integer: "${text}"`);
  return Number(text);
};

function parseInputs(lines) {
  const inputs = { algorithm: lines[0], siblingLevel: null, seatedFamilies: [], grades: [], entries: [] };
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    if (f[0] === 'sibling_level') inputs.siblingLevel = f[1] === '' ? null : int(f[1], 'sibling_level');
    else if (f[0] === 'seated_families')
      inputs.seatedFamilies = f[1] === '' ? [] : f[1].split(' ').map((v) => int(v, 'seated_families'));
    else if (f[0] === 'grade')
      inputs.grades.push({
        id: int(f[1], 'grade id'),
        position: int(f[2], 'grade position'),
        seats: int(f[3], 'grade seats'),
        waitingBefore: int(f[4], 'grade waiting'),
      });
    else if (f[0] === 'entry') {
      const weight = Number(f[4]);
      if (!(weight > 0)) throw new Error(`entry ${f[1]}: weight must be > 0`);
      inputs.entries.push({
        id: int(f[1], 'entry id'),
        grade: int(f[2], 'entry grade'),
        level: int(f[3], 'entry level'),
        weight,
        family: f[5] === '' ? null : int(f[5], 'entry family'),
      });
    } else throw new Error(`unknown input line: "${line}"`);
  }
  return inputs;
}

// ---- the algorithm, from docs/lottery-algorithm.md ----

/** u in (0, 1): the first 6 bytes of HMAC-SHA256(key = seed bytes, message = decimal id), big-endian, + 0.5, / 2^48. */
function uniform(seed, id) {
  const mac = createHmac('sha256', seed).update(String(id), 'ascii').digest();
  let n = 0;
  for (let i = 0; i < 6; i++) n = n * 256 + mac[i];
  return (n + 0.5) / 2 ** 48;
}

function runDraw(seedHex, inputs) {
  const seed = Buffer.from(seedHex, 'hex');
  const entries = inputs.entries.map((e) => {
    const u = uniform(seed, e.id);
    return { ...e, key: e.weight === 1 ? u : Math.pow(u, 1 / e.weight), number: 0 };
  });
  const keyOrder = (a, b) => (a.key !== b.key ? (a.key > b.key ? -1 : 1) : a.id - b.id);

  // lottery numbers: rank by key inside (grade, own level)
  const groups = new Map();
  for (const e of entries) {
    const g = `${e.grade}/${e.level}`;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(e);
  }
  for (const group of groups.values()) {
    group.sort(keyOrder);
    group.forEach((e, i) => (e.number = i + 1));
  }

  const ruleOn = inputs.siblingLevel !== null;
  const won = new Set(inputs.seatedFamilies);
  const atSibling = (e) => ruleOn && e.family !== null && won.has(e.family) && inputs.siblingLevel < e.level;
  const effective = (e) => (atSibling(e) ? inputs.siblingLevel : e.level);
  const order = (a, b) => (effective(a) !== effective(b) ? effective(a) - effective(b) : keyOrder(a, b));

  const lines = [];
  const grades = [...inputs.grades].sort((a, b) => (a.position !== b.position ? a.position - b.position : a.id - b.id));
  for (const grade of grades) {
    // the pool in draw order under the families that have won so far: each seat goes to its first entry
    const pool = entries.filter((e) => e.grade === grade.id).sort(order);
    let n = 0;
    const line = (e, result, place) =>
      `result,${e.id},${e.grade},${result},${++n},${e.number},${effective(e)},${atSibling(e) ? 1 : 0},${place ?? ''}`;
    for (let seat = 1; seat <= grade.seats && pool.length > 0; seat++) {
      const best = pool.shift();
      lines.push(line(best, 'selected', null));
      if (ruleOn && best.family !== null && !won.has(best.family)) {
        won.add(best.family);
        // a family's first win lifts its members still waiting here to the sibling level: the order changes
        if (pool.some((e) => e.family === best.family && inputs.siblingLevel < e.level)) pool.sort(order);
      }
    }
    pool.forEach((e, i) => lines.push(line(e, 'waiting', grade.waitingBefore + i + 1)));
  }
  return lines;
}

// ---- the checks, v1 ----

/** openseat-lottery-v1 (and any record whose algorithm this script does not know: it fails the algorithm check). */
function verifyV1({ header, inputLines, resultLines }) {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  for (const key of ['algorithm', 'seed', 'seed_sha256', 'inputs_sha256', 'result_sha256']) {
    if (header[key] === undefined) check('header', false, `missing "# ${key}: ..." line`);
  }
  if (checks.length) return checks;

  check(
    'algorithm',
    header.algorithm === ALGORITHM && inputLines[0] === ALGORITHM,
    `record says ${header.algorithm}, inputs say ${inputLines[0]}; this script implements ${ALGORITHM}`,
  );
  check(
    'seed',
    /^[0-9a-f]{64}$/.test(header.seed),
    /^[0-9a-f]{64}$/.test(header.seed) ? '32 bytes, lower-case hex' : 'the seed must be 64 lower-case hex digits',
  );
  const seedHash = sha256(header.seed);
  check('seed_sha256', seedHash === header.seed_sha256, `sha256(seed) = ${seedHash}, published ${header.seed_sha256}`);

  const inputsText = inputLines.map((l) => l + '\n').join('');
  const inputsHash = sha256(inputsText);
  check(
    'inputs_sha256',
    inputsHash === header.inputs_sha256,
    `sha256(inputs) = ${inputsHash}, published ${header.inputs_sha256}`,
  );

  const resultText = resultLines.map((l) => l + '\n').join('');
  const resultHash = sha256(resultText);
  check(
    'result_sha256',
    resultHash === header.result_sha256,
    `sha256(result lines) = ${resultHash}, published ${header.result_sha256}`,
  );

  let rerun;
  try {
    rerun = runDraw(header.seed, parseInputs(inputLines));
  } catch (error) {
    check('result', false, `cannot re-run the draw: ${error.message}`);
    return checks;
  }
  const firstDiff = rerun.findIndex((l, i) => l !== resultLines[i]);
  const same = rerun.length === resultLines.length && firstDiff === -1;
  check(
    'result',
    same,
    same
      ? `re-run gives the same ${rerun.length} result lines`
      : firstDiff === -1
        ? `re-run gives ${rerun.length} lines, the record has ${resultLines.length}`
        : `line ${firstDiff + 1} differs: re-run "${rerun[firstDiff]}", record "${resultLines[firstDiff] ?? '(none)'}"`,
  );
  const rerunHash = sha256(rerun.map((l) => l + '\n').join(''));
  check(
    'rerun_sha256',
    rerunHash === header.result_sha256,
    `sha256(re-run) = ${rerunHash}, published ${header.result_sha256}`,
  );
  return checks;
}

// ---- v2: the randomness source ----

/**
 * The League of Entropy's chains, kept here so a check never depends on a relay's word: each chain's
 * https://api.drand.sh/<hash>/info. quicknet signs on G1 (RFC 9380 hash-to-curve, unchained: the message is the
 * round); the default chain signs on G2, chained: the message is the previous signature followed by the round.
 */
const CHAINS = [
  {
    name: 'quicknet',
    hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
    publicKey:
      '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
    genesisTime: 1692803367,
    period: 3,
    chained: false,
  },
  {
    name: 'default',
    hash: '8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce',
    publicKey: '868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31',
    genesisTime: 1595431050,
    period: 30,
    chained: true,
  },
];

const DICE = /^[0-9]{20}$/;
const HEX64 = /^[0-9a-f]{64}$/;
const hexBytes = (hex) => Uint8Array.from(Buffer.from(hex, 'hex'));
const sha256Bytes = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** The source line: "drand,<chain hash>,<round>,<randomness>" or "dice,<20 digits>"; null when it is neither. */
function parseSource(line) {
  const f = (line ?? '').split(',');
  if (f[0] === 'drand' && f.length === 4 && /^[1-9][0-9]{0,15}$/.test(f[2]) && Number.isSafeInteger(Number(f[2])))
    return { kind: 'drand', chainHash: f[1], round: Number(f[2]), randomness: f[3] };
  if (f[0] === 'dice' && f.length === 2) return { kind: 'dice', digits: f[1] };
  return null;
}

/** When a round is published: round 1 at genesis, then one every period (milliseconds since 1970). */
const roundTime = (chain, round) => (chain.genesisTime + (round - 1) * chain.period) * 1000;

/** A moment written in ISO 8601 with its zone, in milliseconds; null when it is not one. */
function timeOf(text) {
  if (typeof text !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(text))
    return null;
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : t;
}

/**
 * The round's BLS signature against the chain key: the message is SHA-256 of the round as 8 bytes, big-endian, after
 * the previous round's signature on the chained default chain.
 */
async function signatureHolds({ chain, round, signatureHex, previousHex }) {
  let bls12_381;
  try {
    ({ bls12_381 } = await import('@noble/curves/bls12-381.js'));
  } catch {
    throw new Error('the BLS check needs @noble/curves (npm install @noble/curves)');
  }
  const roundBytes = Buffer.alloc(8);
  roundBytes.writeBigUInt64BE(BigInt(round));
  const message = chain.chained ? sha256Bytes(hexBytes(previousHex), roundBytes) : sha256Bytes(roundBytes);
  try {
    if (!chain.chained) {
      const short = bls12_381.shortSignatures;
      const point = short.hash(message, 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_');
      return short.verify(hexBytes(signatureHex), point, hexBytes(chain.publicKey));
    }
    const long = bls12_381.longSignatures;
    const point = long.hash(message, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_');
    return long.verify(hexBytes(signatureHex), point, hexBytes(chain.publicKey));
  } catch {
    // bytes that are not a point of the curve
    return false;
  }
}

/**
 * The pairing check costs about as much as re-running a 10,000-application draw: it runs in a worker thread (this same
 * file) while the main thread re-runs the draw.
 */
const signatureHoldsInWorker = (args) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: args });
    worker.once('message', resolve);
    worker.once('error', reject);
  });

/** The source check: [ok, detail]. */
async function checkSource(header, source) {
  if (!source)
    return [false, `not a source line: "${header.source}" (drand,<chain>,<round>,<randomness> or dice,<digits>)`];
  if (source.kind === 'dice')
    return DICE.test(source.digits)
      ? [true, `dice: ${source.digits} (20 digits rolled at the public meeting and entered by two users)`]
      : [false, `dice: "${source.digits}" is not exactly 20 digits`];
  const chain = CHAINS.find((c) => c.hash === source.chainHash);
  if (!chain) return [false, `drand chain ${source.chainHash} is not one this script knows (quicknet, default)`];
  const signature = header.beacon_signature ?? '';
  const length = chain.chained ? 192 : 96;
  if (signature.length !== length || !/^[0-9a-f]+$/.test(signature))
    return [false, `drand ${chain.name}: beacon_signature must be ${length} lower-case hex digits`];
  const previous = header.beacon_previous_signature ?? '';
  if (chain.chained && !/^(?:[0-9a-f]{2})+$/.test(previous))
    return [false, `drand ${chain.name} is chained: beacon_previous_signature (hex) is needed`];
  let holds;
  try {
    holds = await signatureHoldsInWorker({
      chain,
      round: source.round,
      signatureHex: signature,
      previousHex: previous,
    });
  } catch (error) {
    return [false, `drand ${chain.name} round ${source.round}: cannot check the signature: ${error.message}`];
  }
  if (!holds)
    return [false, `drand ${chain.name} round ${source.round}: the BLS signature does not hold against the chain key`];
  const randomness = sha256Bytes(hexBytes(signature)).toString('hex');
  if (randomness !== source.randomness)
    return [
      false,
      `drand ${chain.name} round ${source.round}: randomness ${source.randomness} is not sha256(signature) = ${randomness}`,
    ];
  return [
    true,
    `drand ${chain.name} round ${source.round}: BLS signature valid against the chain key; randomness = sha256(signature)`,
  ];
}

/** The round-after-freeze check: [ok, detail]. */
function checkRoundAfterFreeze(header, source) {
  const frozen = timeOf(header.frozen_at);
  if (frozen === null) return [false, `frozen_at is not an ISO 8601 time: "${header.frozen_at}"`];
  if (!source) return [false, 'no readable source'];
  if (source.kind === 'dice') {
    const drawn = timeOf(header.drawn_at);
    return drawn !== null && drawn > frozen
      ? [true, `dice: no round; frozen at ${header.frozen_at}, drawn after it at ${header.drawn_at}`]
      : [false, `dice: drawn_at ${header.drawn_at} is not after frozen_at ${header.frozen_at}`];
  }
  const chain = CHAINS.find((c) => c.hash === source.chainHash);
  if (!chain) return [false, `unknown drand chain ${source.chainHash}`];
  const at = roundTime(chain, source.round);
  const iso = new Date(at).toISOString();
  if (timeOf(header.round_at) !== at)
    return [
      false,
      `round ${source.round} of ${chain.name} is published at ${iso}; the record says round_at ${header.round_at}`,
    ];
  return at > frozen
    ? [true, `round ${source.round} of ${chain.name} published at ${iso}, after the freeze at ${header.frozen_at}`]
    : [
        false,
        `round ${source.round} of ${chain.name} was published at ${iso}, not after the freeze at ${header.frozen_at}`,
      ];
}

// ---- v2: the log ----

const LOG_FORMAT = 'openseat-lottery-log-v1';
const GENESIS = '0'.repeat(64);

/** The period's log file, JSON Lines: {"seq","kind","at","body","prev_hash","hash"} per line. Throws when unreadable. */
function parseLog(text) {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      let e;
      try {
        e = JSON.parse(line);
      } catch {
        throw new Error(`line ${i + 1} is not JSON`);
      }
      for (const [key, type] of Object.entries({ seq: 'number', kind: 'string', at: 'string', body: 'string' }))
        if (typeof e?.[key] !== type) throw new Error(`line ${i + 1}: "${key}" is not a ${type}`);
      if (typeof e.prev_hash !== 'string' || typeof e.hash !== 'string') throw new Error(`line ${i + 1}: no hashes`);
      return e;
    });
}

/** Why the chain does not hold (empty: it does): numbering, links to the entry before, each entry's own hash. */
function chainProblems(entries) {
  const problems = [];
  let prev = GENESIS;
  entries.forEach((e, i) => {
    if (e.seq !== i + 1) problems.push(`line ${i + 1} is numbered ${e.seq}`);
    if (e.prev_hash !== prev) problems.push(`entry ${e.seq} is not linked to the entry before it`);
    const text = `${LOG_FORMAT}\n${e.seq}\n${e.kind}\n${e.at}\n${e.prev_hash}\n${e.body}\n`;
    if (sha256(text) !== e.hash) problems.push(`entry ${e.seq}: its hash does not match its content`);
    prev = e.hash;
  });
  return problems;
}

const bodyOf = (e) => {
  try {
    const body = JSON.parse(e.body);
    return body !== null && typeof body === 'object' ? body : {};
  } catch {
    return {};
  }
};

/** The log check: [ok, detail]. */
function checkLog(header, source, logText) {
  if (!source) return [false, 'no readable source to look for in the log'];
  let entries;
  try {
    entries = parseLog(logText);
  } catch (error) {
    return [false, `the log cannot be read: ${error.message}`];
  }
  const problems = chainProblems(entries);
  if (problems.length)
    return [false, `the chain is broken: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; ...' : ''}`];

  const at = entries.findIndex((e) => e.hash === header.log_sha256);
  if (at < 0) return [false, `no entry of the log has the hash log_sha256 = ${header.log_sha256}`];
  const drawn = entries[at];
  if (drawn.kind !== 'draw') return [false, `entry ${drawn.seq} (log_sha256) is a "${drawn.kind}" entry, not a "draw"`];
  const body = bodyOf(drawn);
  const expected = {
    inputs_sha256: header.inputs_sha256,
    source: header.source,
    seed: header.seed,
    result_sha256: header.result_sha256,
  };
  for (const [key, value] of Object.entries(expected))
    if (body[key] !== value)
      return [false, `draw entry ${drawn.seq}: ${key} is ${body[key]}, the record says ${value}`];

  // the freeze in force at the draw: the last freeze of this lottery before it, not undone by an unfreeze
  const sameLottery = (b) => body.id_lottery === undefined || b.id_lottery === body.id_lottery;
  let freeze = null;
  for (let i = at - 1; i >= 0 && !freeze; i--) {
    const e = entries[i];
    if (!sameLottery(bodyOf(e))) continue;
    if (e.kind === 'unfreeze')
      return [false, `entry ${e.seq} unfroze the lottery before draw entry ${drawn.seq}, with no freeze after it`];
    if (e.kind === 'freeze') freeze = e;
  }
  if (!freeze) return [false, `no freeze entry before draw entry ${drawn.seq}`];
  const frozen = bodyOf(freeze);
  if (frozen.inputs_sha256 !== header.inputs_sha256)
    return [
      false,
      `freeze entry ${freeze.seq} froze inputs ${frozen.inputs_sha256}, the record's are ${header.inputs_sha256}`,
    ];
  if (frozen.source !== source.kind)
    return [false, `freeze entry ${freeze.seq} chose the source "${frozen.source}", the draw used "${source.kind}"`];
  if (source.kind === 'drand') {
    if (frozen.chain !== source.chainHash || frozen.round !== source.round)
      return [
        false,
        `freeze entry ${freeze.seq} committed to round ${frozen.round} of chain ${frozen.chain}, the draw used round ${source.round} of ${source.chainHash}`,
      ];
    const chain = CHAINS.find((c) => c.hash === source.chainHash);
    const freezeAt = timeOf(freeze.at);
    if (chain && (freezeAt === null || roundTime(chain, source.round) <= freezeAt))
      return [false, `round ${source.round} was not published after freeze entry ${freeze.seq} (${freeze.at})`];
    if (frozen.round_at !== undefined && timeOf(frozen.round_at) !== timeOf(header.round_at))
      return [
        false,
        `freeze entry ${freeze.seq} announced round_at ${frozen.round_at}, the record says ${header.round_at}`,
      ];
  }

  // a round (or dice roll) seeds one draw only: a second draw on it would be a re-run whose outcome was known
  const reused = (b) => {
    const other = parseSource(b.source);
    if (!other || other.kind !== source.kind) return false;
    return other.kind === 'drand'
      ? other.chainHash === source.chainHash && other.round === source.round
      : other.digits === source.digits;
  };
  const again = entries.find((e, i) => i !== at && e.kind === 'draw' && reused(bodyOf(e)));
  if (again)
    return [
      false,
      `draw entry ${again.seq} used the same ${source.kind === 'drand' ? 'round' : 'dice'} as draw entry ${drawn.seq}`,
    ];

  const rerun = entries.find((e, i) => i > at && e.kind === 'rerun' && sameLottery(bodyOf(e)));
  return [
    true,
    `${entries.length} entries chained; draw entry ${drawn.seq} matches the record, after freeze entry ${freeze.seq}` +
      (rerun ? `; superseded: a re-run was requested at entry ${rerun.seq}` : ''),
  ];
}

// ---- v2: the checks ----

const V2_KEYS = [
  'algorithm',
  'frozen_at',
  'source',
  'drawn_at',
  'seed',
  'seed_sha256',
  'inputs_sha256',
  'result_sha256',
  'log_sha256',
];

async function verifyV2({ header, inputLines, resultLines }, logText) {
  const checks = [];
  const check = (name, [ok, detail]) => checks.push({ name, ok, detail });
  const source = parseSource(header.source);
  const needed = [...V2_KEYS, ...(source?.kind === 'drand' ? ['beacon_signature', 'round_at'] : [])];
  for (const key of needed) if (header[key] === undefined) check('header', [false, `missing "# ${key}: ..." line`]);
  if (checks.length) return checks;

  // started first, awaited last: the BLS check runs beside the re-run; the lines still print in this order
  const sourceCheck = checkSource(header, source);
  const sourceAt = checks.push(null) - 1;
  check('roundAfterFreeze', checkRoundAfterFreeze(header, source));

  const seedHash = sha256(header.seed);
  check('seedHash', [
    HEX64.test(header.seed) && seedHash === header.seed_sha256,
    `sha256(seed) = ${seedHash}, published ${header.seed_sha256}`,
  ]);
  const seed = sha256(`${ALGORITHM_V2}\n${header.inputs_sha256}\n${header.source}\n`);
  check('seed', [
    seed === header.seed,
    `sha256("${ALGORITHM_V2}\\n" + inputs_sha256 + "\\n" + source + "\\n") = ${seed}, the record's seed ${header.seed}`,
  ]);

  const inputsHash = sha256(inputLines.map((l) => l + '\n').join(''));
  check('inputsHash', [
    inputsHash === header.inputs_sha256 && inputLines[0] === ALGORITHM_V2,
    inputLines[0] === ALGORITHM_V2
      ? `sha256(inputs) = ${inputsHash}, published ${header.inputs_sha256}`
      : `the inputs say ${inputLines[0]}, the record ${ALGORITHM_V2}`,
  ]);

  const resultHash = sha256(resultLines.map((l) => l + '\n').join(''));
  let rerun;
  try {
    rerun = runDraw(header.seed, parseInputs(inputLines));
  } catch (error) {
    check('result', [false, `cannot re-run the draw: ${error.message}`]);
  }
  if (rerun) {
    const firstDiff = rerun.findIndex((l, i) => l !== resultLines[i]);
    const same = rerun.length === resultLines.length && firstDiff === -1;
    check('result', [
      same && resultHash === header.result_sha256,
      !same
        ? firstDiff === -1
          ? `re-run gives ${rerun.length} lines, the record has ${resultLines.length}`
          : `line ${firstDiff + 1} differs: re-run "${rerun[firstDiff]}", record "${resultLines[firstDiff] ?? '(none)'}"`
        : resultHash !== header.result_sha256
          ? `sha256(result lines) = ${resultHash}, published ${header.result_sha256}`
          : `re-run gives the same ${rerun.length} result lines; sha256 = ${resultHash}`,
    ]);
  }

  const [ok, detail] = await sourceCheck;
  checks[sourceAt] = { name: 'source', ok, detail };

  if (logText === null)
    checks.push({
      name: 'log',
      ok: true,
      skipped: true,
      detail: "no log file given (pass the period's log.jsonl to check it)",
    });
  else check('log', checkLog(header, source, logText));
  return checks;
}

// ---- main ----

async function main() {
  const [file, logFileName] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node scripts/verify-lottery.mjs <lottery-record.csv> [<lottery-log.jsonl>]');
    process.exit(2);
  }
  const read = (name) => {
    try {
      return readFileSync(name, 'utf8');
    } catch (error) {
      console.error(`cannot read ${name}: ${error.message}`);
      process.exit(2);
    }
  };
  const record = parseRecord(read(file));
  const logText = logFileName ? read(logFileName) : null;
  const v2 = record.header.algorithm === ALGORITHM_V2;
  const checks = v2 ? await verifyV2(record, logText) : verifyV1(record);
  if (!v2 && logText !== null) {
    let problems;
    try {
      problems = chainProblems(parseLog(logText));
    } catch (error) {
      problems = [`the log cannot be read: ${error.message}`];
    }
    checks.push({
      name: 'log',
      ok: !problems.length,
      detail: problems.length ? problems.join('; ') : 'chain intact (a v1 draw has no log entry)',
    });
  }
  for (const c of checks) console.log(`${c.skipped ? 'SKIP' : c.ok ? 'PASS' : 'FAIL'} ${c.name}: ${c.detail}`);
  const ok = checks.every((c) => c.ok);
  console.log(
    !ok
      ? 'NOT VERIFIED'
      : v2
        ? 'VERIFIED: the randomness was fixed after the freeze by a public source, and the draw re-runs to the same result'
        : 'VERIFIED: the record is consistent and the draw re-runs to the same result',
  );
  process.exit(ok ? 0 : 1);
}

if (isMainThread) await main();
else parentPort.postMessage(await signatureHolds(workerData));
