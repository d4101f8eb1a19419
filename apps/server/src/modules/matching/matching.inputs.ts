import { MAX_CHOICES, type MatchInputs } from './matching.types';

/*
 * The engine's preconditions. A broken one is the caller's bug (the round's service validates what families and
 * staff send), so it throws a plain Error naming the first item at fault rather than matching on wrong data.
 */

const fail = (what: string) => {
  throw new Error(`matchStudents: ${what}`);
};

const isLevel = (n: unknown) => Number.isSafeInteger(n);

function checkCampusesAndPrograms({ campuses, programs }: MatchInputs) {
  const campusIds = new Set<number>();
  for (const c of campuses) {
    if (campusIds.has(c.id_campus)) fail(`campus ${c.id_campus} is listed twice`);
    campusIds.add(c.id_campus);
    if (!isLevel(c.noPriorityLevel)) fail(`campus ${c.id_campus}: noPriorityLevel must be an integer`);
    if (c.siblingLevel !== null && !isLevel(c.siblingLevel))
      fail(`campus ${c.id_campus}: siblingLevel must be an integer`);
  }
  const programIds = new Set<number>();
  for (const p of programs) {
    if (programIds.has(p.id_program)) fail(`program ${p.id_program} is listed twice`);
    programIds.add(p.id_program);
    if (!campusIds.has(p.id_campus)) fail(`program ${p.id_program}: campus ${p.id_campus} is not in the round`);
    if (!Number.isSafeInteger(p.seats) || p.seats < 0) fail(`program ${p.id_program}: seats must be an integer >= 0`);
  }
  return programIds;
}

/** Whether a short list holds a value twice (a Set per student cost more than the whole match). */
function hasRepeat(list: number[]) {
  for (let i = 1; i < list.length; i++) for (let j = 0; j < i; j++) if (list[i] === list[j]) return true;
  return false;
}

export function checkInputs(inputs: MatchInputs) {
  const programIds = checkCampusesAndPrograms(inputs);
  const studentIds = new Set<number>();
  for (const s of inputs.students) {
    const at = `student ${s.id_student}`;
    if (!Number.isSafeInteger(s.id_student)) fail(`${at}: id_student must be an integer`);
    if (studentIds.has(s.id_student)) fail(`${at} is listed twice`);
    studentIds.add(s.id_student);
    if (!(s.number > 0 && s.number < 1)) fail(`${at}: number must be strictly between 0 and 1`);
    if (s.choices.length > MAX_CHOICES) fail(`${at}: more than ${MAX_CHOICES} choices`);
    if (hasRepeat(s.choices)) fail(`${at}: a program is ranked twice`);
    for (const id of s.choices) if (!programIds.has(id)) fail(`${at}: program ${id} is not in the round`);
    if (hasRepeat(s.priorities.map((p) => p.id_campus))) fail(`${at}: two priority items at one campus`);
    for (const p of s.priorities) {
      if (!isLevel(p.level)) fail(`${at}: the level at campus ${p.id_campus} must be an integer`);
      if (!(p.weight > 0 && Number.isFinite(p.weight))) fail(`${at}: the weight at campus ${p.id_campus} must be > 0`);
    }
  }
}
