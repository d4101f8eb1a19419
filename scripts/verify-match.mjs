#!/usr/bin/env node
/*
 * Verifies a published OpenSeat match record (unified enrollment, issue 26) with nothing but Node:
 *
 *   node scripts/verify-match.mjs match-record.csv
 *
 * An independent re-implementation of docs/matching.md: it does not use OpenSeat's code. It draws each student's
 * number again from the seed (HMAC-SHA256, docs/lottery-algorithm.md section 3), orders each program's students,
 * runs deferred acceptance the textbook way (every free student proposes, round after round), lists the waiting
 * lists, and compares the result and both hashes with the record's, byte for byte.
 * Prints one line per check; exits 0 when all pass, 1 otherwise (2 when the file cannot be read).
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const ALGORITHM = 'openseat-match-v1';
const MAX_CHOICES = 12;
const HEX64 = /^[0-9a-f]{64}$/;
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const textOf = (lines) => lines.map((l) => l + '\n').join('');

const USAGE = `usage: node scripts/verify-match.mjs <match-record.csv>

Checks an OpenSeat match record (docs/matching.md, "The match record") with nothing but Node:
  algorithm      the record is ${ALGORITHM}
  seed           64 lower-case hex digits (the source line is shown, not checked)
  inputs_sha256  SHA-256 of the [inputs] lines (each ended by LF) is the published inputs_sha256
  inputs         the inputs are readable, canonical and meet the match's preconditions
  result_sha256  SHA-256 of the [result] lines is the published result_sha256
  result         numbers drawn again from the seed and the match re-run give exactly the [result] lines
  rerun_sha256   SHA-256 of the re-run's lines is the published result_sha256
Prints PASS or FAIL per check; exit 0 when all pass, 1 otherwise, 2 when the file cannot be read.`;

// ---- reading the file ----

function parseRecord(text) {
  const header = {};
  const sections = { inputs: [], result: [] };
  let section = null;
  for (const quoted of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    // a header line with a comma or a quote is written as one quoted CSV cell
    const line = /^"# /.test(quoted) ? quoted.slice(1, -1).replace(/""/g, '"') : quoted;
    const marker = /^# \[(inputs|result)\]/.exec(line);
    if (marker) {
      section = marker[1];
      continue;
    }
    if (section === null) {
      const field = /^# ([a-z_0-9]+): (.*)$/.exec(line);
      if (field) header[field[1]] = field[2];
      continue;
    }
    if (line !== '') sections[section].push(line);
  }
  return { header, inputLines: sections.inputs, resultLines: sections.result };
}

const int = (text, what) => {
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new Error(`${what}: not an integer: "${text}"`);
  return Number(text);
};
const ids = (text, what) => (text === '' ? [] : text.split(' ').map((v) => int(v, what)));

function parseLine(inputs, line) {
  const f = line.split(',');
  const expect = (count) => {
    if (f.length !== count) throw new Error(`"${line}": ${count} fields expected`);
  };
  if (f[0] === 'campus') {
    expect(4);
    const siblingLevel = f[3] === '' ? null : int(f[3], 'sibling level');
    inputs.campuses.push({ id: int(f[1], 'campus'), noPriorityLevel: int(f[2], 'no-priority level'), siblingLevel });
  } else if (f[0] === 'program') {
    expect(4);
    inputs.programs.push({ id: int(f[1], 'program'), campus: int(f[2], 'campus'), seats: int(f[3], 'seats') });
  } else if (f[0] === 'student') {
    expect(4);
    inputs.students.push({
      id: int(f[1], 'student'),
      choices: ids(f[2], 'choice'),
      siblingCampuses: ids(f[3], 'sibling campus'),
      priorities: [],
    });
  } else if (f[0] === 'priority') {
    expect(5);
    const student = inputs.students.at(-1);
    if (student?.id !== int(f[1], 'student')) throw new Error(`"${line}" does not follow its student's line`);
    const weight = Number(f[4]);
    if (!(weight > 0 && Number.isFinite(weight))) throw new Error(`"${line}": the weight must be a number > 0`);
    student.priorities.push({ campus: int(f[2], 'campus'), level: int(f[3], 'level'), weight });
  } else throw new Error(`unknown input line: "${line}"`);
}

/** The match's preconditions (docs/matching.md, section 1): the first one broken, or null. */
function brokenPrecondition({ campuses, programs, students }) {
  const repeated = (list) => new Set(list).size !== list.length;
  const campusIds = new Set(campuses.map((c) => c.id));
  const programIds = new Set(programs.map((p) => p.id));
  if (campusIds.size !== campuses.length) return 'a campus is listed twice';
  if (programIds.size !== programs.length) return 'a program is listed twice';
  if (repeated(students.map((s) => s.id))) return 'a student is listed twice';
  for (const p of programs) {
    if (!campusIds.has(p.campus)) return `program ${p.id}: campus ${p.campus} is not in the round`;
    if (p.seats < 0) return `program ${p.id}: seats must be >= 0`;
  }
  for (const s of students) {
    if (s.choices.length > MAX_CHOICES) return `student ${s.id}: more than ${MAX_CHOICES} choices`;
    if (repeated(s.choices)) return `student ${s.id}: a program is ranked twice`;
    const unknown = s.choices.find((id) => !programIds.has(id));
    if (unknown !== undefined) return `student ${s.id}: program ${unknown} is not in the round`;
    if (repeated(s.priorities.map((p) => p.campus))) return `student ${s.id}: two priority items at one campus`;
  }
  return null;
}

/** The inputs written back in the canonical form of docs/matching.md: the lines the record must hold. */
function canonicalLines({ campuses, programs, students }) {
  const byId = (x, y) => x.id - y.id;
  const studentLines = (s) => [
    `student,${s.id},${s.choices.join(' ')},${[...new Set(s.siblingCampuses)].sort((x, y) => x - y).join(' ')}`,
    ...[...s.priorities]
      .sort((x, y) => x.campus - y.campus)
      .map((p) => `priority,${s.id},${p.campus},${p.level},${p.weight}`),
  ];
  return [
    ALGORITHM,
    ...[...campuses].sort(byId).map((c) => `campus,${c.id},${c.noPriorityLevel},${c.siblingLevel ?? ''}`),
    ...[...programs].sort(byId).map((p) => `program,${p.id},${p.campus},${p.seats}`),
    ...[...students].sort(byId).flatMap(studentLines),
  ];
}

/** The inputs from their lines; throws naming the first line or precondition at fault. */
function parseInputs(lines) {
  if (lines[0] !== ALGORITHM) throw new Error(`the first input line is "${lines[0] ?? ''}", not ${ALGORITHM}`);
  const inputs = { campuses: [], programs: [], students: [] };
  for (const line of lines.slice(1)) parseLine(inputs, line);
  const broken = brokenPrecondition(inputs);
  if (broken) throw new Error(broken);
  const canonical = canonicalLines(inputs);
  const at = canonical.findIndex((l, i) => l !== lines[i]);
  if (at >= 0 || canonical.length !== lines.length)
    throw new Error(
      at >= 0
        ? `input line ${at + 1} is not canonical: "${lines[at] ?? '(none)'}", canonical "${canonical[at]}"`
        : `${lines.length} input lines, the canonical form has ${canonical.length}`,
    );
  return inputs;
}

// ---- the match, from docs/matching.md ----

/** n: the first 6 bytes of HMAC-SHA256(key = the seed's 32 bytes, message = the decimal id), big-endian. */
function drawnInteger(seed, id) {
  const mac = createHmac('sha256', seed).update(String(id), 'ascii').digest();
  let n = 0;
  for (let i = 0; i < 6; i++) n = n * 256 + mac[i];
  return n;
}

/** A student's standing at a campus's programs: its level there, its key u^(1/weight), its id. */
function standingAt(campus, student, u) {
  const item = student.priorities.find((p) => p.campus === campus.id);
  const own = item ? item.level : campus.noPriorityLevel;
  const lifted =
    campus.siblingLevel !== null && campus.siblingLevel < own && student.siblingCampuses.includes(campus.id);
  const weight = item ? item.weight : 1;
  return { level: lifted ? campus.siblingLevel : own, key: weight === 1 ? u : Math.pow(u, 1 / weight), id: student.id };
}

/** A program's order: the lower level, then the larger key, then the smaller id (negative: `a` comes first). */
const order = (a, b) => a.level - b.level || (a.key > b.key ? -1 : a.key < b.key ? 1 : 0) || a.id - b.id;

/**
 * Deferred acceptance as Gale & Shapley (1962) state it: each round, every student held nowhere proposes to its next
 * choice; each program keeps the best of those it held and its new proposers, up to its seats, and rejects the rest.
 * Returns each program's held standings, in its order.
 */
function deferredAcceptance(inputs, standing) {
  const seats = new Map(inputs.programs.map((p) => [p.id, p.seats]));
  const held = new Map(inputs.programs.map((p) => [p.id, []]));
  const next = new Map(inputs.students.map((s) => [s.id, 0]));
  const byId = new Map(inputs.students.map((s) => [s.id, s]));
  let free = inputs.students;
  while (free.length) {
    const proposals = new Map();
    for (const s of free) {
      const k = next.get(s.id);
      if (k === s.choices.length) continue;
      next.set(s.id, k + 1);
      const program = s.choices[k];
      if (!proposals.has(program)) proposals.set(program, []);
      proposals.get(program).push(standing.get(program).get(s.id));
    }
    free = [];
    for (const [program, proposers] of proposals) {
      const all = [...held.get(program), ...proposers].sort(order);
      held.set(program, all.slice(0, seats.get(program)));
      for (const rejected of all.slice(seats.get(program))) free.push(byId.get(rejected.id));
    }
  }
  return held;
}

/** The result lines the record must hold: numbers drawn from the seed, the match, the waiting lists. */
function rerun(seedHex, inputs) {
  const seed = Buffer.from(seedHex, 'hex');
  const drawn = new Map(inputs.students.map((s) => [s.id, drawnInteger(seed, s.id)]));
  const campusOf = new Map(inputs.campuses.map((c) => [c.id, c]));
  const programOf = new Map(inputs.programs.map((p) => [p.id, p]));
  const standing = new Map(inputs.programs.map((p) => [p.id, new Map()]));
  for (const s of inputs.students) {
    const u = (drawn.get(s.id) + 0.5) / 2 ** 48;
    for (const id of s.choices) {
      const campus = campusOf.get(programOf.get(id).campus);
      standing.get(id).set(s.id, standingAt(campus, s, u));
    }
  }
  const held = deferredAcceptance(inputs, standing);
  const matchedAt = new Map();
  for (const [program, list] of held) for (const x of list) matchedAt.set(x.id, program);

  // waiting: every program a student ranked above the one it got (all of them when it got none)
  const waiting = new Map(inputs.programs.map((p) => [p.id, []]));
  const studentLines = [...inputs.students]
    .sort((x, y) => x.id - y.id)
    .map((s) => {
      const program = matchedAt.get(s.id);
      const rank = program === undefined ? s.choices.length : s.choices.indexOf(program);
      for (const id of s.choices.slice(0, rank)) waiting.get(id).push(standing.get(id).get(s.id));
      const got = program === undefined ? ',' : `${program},${rank + 1}`;
      return `student,${s.id},${drawn.get(s.id)},${got}`;
    });
  const programLines = [...inputs.programs]
    .sort((x, y) => x.id - y.id)
    .map((p) => {
      const names = (list) =>
        [...list]
          .sort(order)
          .map((x) => x.id)
          .join(' ');
      return `program,${p.id},${names(held.get(p.id))},${names(waiting.get(p.id))}`;
    });
  return [...studentLines, ...programLines];
}

// ---- the checks ----

/** Every check of a record's text: [{ name, ok, detail }], in the order printed. */
export function verifyMatchRecord(text) {
  const { header, inputLines, resultLines } = parseRecord(text);
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, detail });
  for (const key of ['algorithm', 'seed', 'inputs_sha256', 'result_sha256'])
    if (header[key] === undefined) check('header', false, `missing "# ${key}: ..." line`);
  if (checks.length) return checks;

  check(
    'algorithm',
    header.algorithm === ALGORITHM && inputLines[0] === ALGORITHM,
    `record says ${header.algorithm}, inputs say ${inputLines[0]}; this script implements ${ALGORITHM}`,
  );
  const seedOk = HEX64.test(header.seed);
  check(
    'seed',
    seedOk,
    (seedOk ? '32 bytes, lower-case hex' : 'the seed must be 64 lower-case hex digits') +
      (header.source ? `; source: ${header.source} (not checked here)` : ''),
  );
  const inputsHash = sha256(textOf(inputLines));
  check(
    'inputs_sha256',
    inputsHash === header.inputs_sha256,
    `sha256(inputs) = ${inputsHash}, published ${header.inputs_sha256}`,
  );
  let inputs;
  try {
    inputs = parseInputs(inputLines);
    check(
      'inputs',
      true,
      `${inputs.campuses.length} campuses, ${inputs.programs.length} programs, ${inputs.students.length} students`,
    );
  } catch (error) {
    check('inputs', false, error.message);
  }
  const resultHash = sha256(textOf(resultLines));
  check(
    'result_sha256',
    resultHash === header.result_sha256,
    `sha256(result lines) = ${resultHash}, published ${header.result_sha256}`,
  );
  if (!inputs || !seedOk) {
    check('result', false, 'cannot re-run the match without readable inputs and seed');
    return checks;
  }
  const lines = rerun(header.seed, inputs);
  const firstDiff = lines.findIndex((l, i) => l !== resultLines[i]);
  const same = lines.length === resultLines.length && firstDiff === -1;
  check(
    'result',
    same,
    same
      ? `re-run gives the same ${lines.length} result lines`
      : firstDiff === -1
        ? `re-run gives ${lines.length} lines, the record has ${resultLines.length}`
        : `line ${firstDiff + 1} differs: re-run "${lines[firstDiff]}", record "${resultLines[firstDiff] ?? '(none)'}"`,
  );
  const rerunHash = sha256(textOf(lines));
  check(
    'rerun_sha256',
    rerunHash === header.result_sha256,
    `sha256(re-run) = ${rerunHash}, published ${header.result_sha256}`,
  );
  return checks;
}

// ---- main ----

function main(args) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  if (args.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  let text;
  try {
    text = readFileSync(args[0], 'utf8');
  } catch (error) {
    console.error(`cannot read ${args[0]}: ${error.message}`);
    process.exit(2);
  }
  const checks = verifyMatchRecord(text);
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'} ${c.name}: ${c.detail}`);
  const ok = checks.every((c) => c.ok);
  console.log(ok ? 'VERIFIED: the record is consistent and the match re-runs to the same result' : 'NOT VERIFIED');
  process.exit(ok ? 0 : 1);
}

/** Run as a script (not imported, as the tests do). */
const invoked = () => {
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
};

if (invoked()) main(process.argv.slice(2));
