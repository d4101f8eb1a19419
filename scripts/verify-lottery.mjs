#!/usr/bin/env node
/*
 * Verifies a published OpenSeat lottery record (the CSV download) with nothing but Node:
 *
 *   node scripts/verify-lottery.mjs record.csv
 *
 * An independent re-implementation of docs/lottery-algorithm.md (algorithm openseat-lottery-v1): it does not use
 * OpenSeat's code. It checks that the seed matches the hash published before the draw, that the inputs match their
 * hash, re-runs the draw from the seed and the inputs, and compares the outcome with the published result and its
 * hash. Prints one line per check; exits 0 when all pass, 1 otherwise (2 when the file cannot be read).
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

const ALGORITHM = 'openseat-lottery-v1';
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
function uniform(seedHex, id) {
  const mac = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(String(id), 'ascii').digest();
  let n = 0;
  for (let i = 0; i < 6; i++) n = n * 256 + mac[i];
  return (n + 0.5) / 2 ** 48;
}

function runDraw(seedHex, inputs) {
  const entries = inputs.entries.map((e) => {
    const u = uniform(seedHex, e.id);
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
    const pool = entries.filter((e) => e.grade === grade.id);
    let n = 0;
    const line = (e, result, place) =>
      `result,${e.id},${e.grade},${result},${++n},${e.number},${effective(e)},${atSibling(e) ? 1 : 0},${place ?? ''}`;
    for (let seat = 1; seat <= grade.seats && pool.length > 0; seat++) {
      let best = pool[0];
      for (const e of pool) if (order(e, best) < 0) best = e;
      pool.splice(pool.indexOf(best), 1);
      lines.push(line(best, 'selected', null));
      if (ruleOn && best.family !== null) won.add(best.family);
    }
    pool.sort(order);
    pool.forEach((e, i) => lines.push(line(e, 'waiting', grade.waitingBefore + i + 1)));
  }
  return lines;
}

// ---- the checks ----

function verify(text) {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  const { header, inputLines, resultLines } = parseRecord(text);
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

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/verify-lottery.mjs <lottery-record.csv>');
  process.exit(2);
}
let text;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`cannot read ${file}: ${error.message}`);
  process.exit(2);
}
const checks = verify(text);
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'} ${c.name}: ${c.detail}`);
const ok = checks.every((c) => c.ok);
console.log(ok ? 'VERIFIED: the record is consistent and the draw re-runs to the same result' : 'NOT VERIFIED');
process.exit(ok ? 0 : 1);
