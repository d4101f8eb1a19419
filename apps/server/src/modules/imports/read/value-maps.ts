import { normalizeLabel } from './column-guess';

/*
 * Their values to ours: a grade written "Kinder", "K", "Kindergarten", "1st", "Grade 1" or "Primero"; a status written
 * "Waitlisted" or "Lista de espera"; a campus written "North" for "North Campus"; a priority written "Sibling
 * attending" or "Hermano". Each function takes the school's own grades, statuses, campuses or priority items and the
 * file's values, and answers a suggested map (their text to our id) and the values
 * left unmatched; the user's own choices (overrides) win.
 */

/** One of ours with the names it may go by. */
export type ValueOption = { id: number; names: string[] };
export type ValueMapSuggestion = { map: Record<string, number>; unmapped: string[] };

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  freshman: 9,
  sophomore: 10,
  junior: 11,
  senior: 12,
  primero: 1,
  primer: 1,
  segundo: 2,
  tercero: 3,
  tercer: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
  septimo: 7,
  octavo: 8,
  noveno: 9,
  decimo: 10,
  undecimo: 11,
  onceavo: 11,
  duodecimo: 12,
  doceavo: 12,
};
const KINDERGARTEN = new Set(['k', 'kg', 'kinder', 'kindergarten', 'kindergarden', 'kinder garten', 'jardin de ninos']);
const PRE_K = new Set([
  'pk',
  'prek',
  'pre k',
  'pre kinder',
  'prekinder',
  'prekindergarten',
  'pre kindergarten',
  'preescolar',
  'pre escolar',
  'vpk',
]);
/** Words around a grade that do not change it ("Grade 1", "1st grade", "Grado 1", "Gr. 1", "Nivel 1"). */
const GRADE_WORDS = /\b(grade|grado|gr|level|nivel|de primaria|primaria|de secundaria|year)\b/g;
/** "1st", "2nd", "3rd", "4th"; "1o", "1ro", "1er", "2do", "3ro", "4to", "7mo", "8vo", "9no", "10mo". */
const NUMBERED = /^0*(\d{1,2})\s?(st|nd|rd|th|o|ro|er|do|to|mo|vo|no|avo)?$/;

/** A grade's key ("PK", "K", "1".."12"), or the label itself when it is none of these (a school's own grade names). */
export function gradeKey(text: string): string {
  const label = normalizeLabel(text);
  const bare = label.replace(GRADE_WORDS, ' ').replace(/\s+/g, ' ').trim();
  for (const candidate of [label, bare]) {
    if (KINDERGARTEN.has(candidate)) return 'K';
    if (PRE_K.has(candidate)) return 'PK';
    const numbered = NUMBERED.exec(candidate);
    if (numbered && Number(numbered[1]) >= 1 && Number(numbered[1]) <= 12) return String(Number(numbered[1]));
    if (candidate in ORDINAL_WORDS) return String(ORDINAL_WORDS[candidate]);
  }
  return label;
}

/** Names our statuses go by in other systems (SchoolMint's, PowerSchool Enrollment's) and in Spanish, by our name. */
const STATUS_ALIASES: Record<string, string[]> = {
  lead: ['initial lead', 'inquiry', 'interested', 'prospect', 'started', 'interesado', 'prospecto', 'iniciado'],
  contacted: ['contactado', 'contactada'],
  applied: [
    'submitted',
    'application submitted',
    'received',
    'pending',
    'new',
    'complete',
    'completed',
    'solicitado',
    'enviado',
    'enviada',
    'recibido',
    'recibida',
    'aplicado',
    'postulado',
    'imported',
    'imported added',
  ],
  denied: ['rejected', 'ineligible', 'not eligible', 'denegado', 'denegada', 'rechazado', 'rechazada', 'no elegible'],
  offered: ['offer', 'offer made', 'seat offered', 'seated', 'ofrecido', 'ofrecida', 'oferta', 'con oferta'],
  waitingList: [
    'waiting list',
    'waitlist',
    'waitlisted',
    'wait list',
    'wait listed',
    'on waitlist',
    'lista de espera',
    'en lista de espera',
    'en espera',
  ],
  confirmed: ['accepted', 'offer accepted', 'seat accepted', 'confirmado', 'confirmada', 'aceptado', 'aceptada'],
  declined: [
    'offer declined',
    'withdrawn',
    'withdrew',
    'canceled',
    'cancelled',
    'declinado',
    'declinada',
    'retirado',
    'retirada',
    'cancelado',
    'cancelada',
  ],
  enrolled: ['registered', 'registration verified', 'matriculado', 'matriculada', 'inscrito', 'inscrita'],
};

/** A status's key: its label without a trailing list number (SchoolMint's "Waitlisted-9" is "waitlisted"). */
const statusKey = (text: string) => normalizeLabel(text).replace(/( \d+)+$/, '');

/** Words a campus name may carry or drop ("North Campus", "Escuela North"). */
const CAMPUS_WORDS = /\b(campus|school|escuela|sede|plantel|colegio|the|el|la|academy)\b/g;
const campusBare = (text: string) => normalizeLabel(text).replace(CAMPUS_WORDS, ' ').replace(/\s+/g, ' ').trim();

/**
 * Their values against our options by `keyOf`: the first option one of whose names has the same key. Values are
 * compared by key, so "Kinder" and "kinder " are one value; the map is keyed by the value as the file wrote it first.
 * Overrides (their text to our id) win when the id is one of the options.
 */
function suggest(
  values: Iterable<string>,
  options: ValueOption[],
  keysOf: (text: string) => string[],
  overrides: Record<string, number> = {},
): ValueMapSuggestion {
  const byKey = new Map<string, number>();
  for (const option of options)
    for (const name of option.names) for (const key of keysOf(name)) if (!byKey.has(key)) byKey.set(key, option.id);
  const ids = new Set(options.map((o) => o.id));
  const chosen = new Map<string, number>();
  for (const [text, id] of Object.entries(overrides)) if (ids.has(id)) chosen.set(normalizeLabel(text), id);

  const map: Record<string, number> = {};
  const unmapped: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    const label = normalizeLabel(value);
    if (!label || seen.has(label)) continue;
    seen.add(label);
    const id =
      chosen.get(label) ??
      keysOf(value)
        .map((k) => byKey.get(k))
        .find((v) => v !== undefined);
    if (id === undefined) unmapped.push(value.trim());
    else map[value.trim()] = id;
  }
  return { map, unmapped };
}

/** The school's grades (`name` is ours: "PK", "K", "1"; `label` a campus's own wording if any) against their grades. */
export const suggestGradeMap = (
  values: Iterable<string>,
  grades: Array<{ id_grade: number; name: string; label?: string | null }>,
  overrides?: Record<string, number>,
) =>
  suggest(
    values,
    grades.map((g) => ({ id: g.id_grade, names: [g.name, ...(g.label ? [g.label] : [])] })),
    (text) => [gradeKey(text)],
    overrides,
  );

/** Our statuses (by name and label, and the aliases other systems use) against their statuses. */
export const suggestStatusMap = (
  values: Iterable<string>,
  statuses: ReadonlyArray<{ id_status: number; name: string; label: string }>,
  overrides?: Record<string, number>,
) =>
  suggest(
    values,
    statuses.map((s) => ({ id: s.id_status, names: [s.name, s.label, ...(STATUS_ALIASES[s.name] ?? [])] })),
    (text) => [statusKey(text)],
    overrides,
  );

/** The school's campuses against their campus or school names, with or without "Campus", "School" and the like. */
export const suggestCampusMap = (
  values: Iterable<string>,
  campuses: Array<{ id_campus: number; name: string }>,
  overrides?: Record<string, number>,
) =>
  suggest(
    values,
    campuses.map((c) => ({ id: c.id_campus, names: [c.name] })),
    (text) => [normalizeLabel(text), campusBare(text)].filter(Boolean),
    overrides,
  );

/** Words other systems and forms use for the seeded priority items (by the item's stored name). */
const PRIORITY_ALIASES: Record<string, string[]> = {
  sibling: ['siblings', 'sibling attending', 'sibling priority', 'brother', 'sister', 'hermano', 'hermana', 'hermanos'],
  'staff child': ['staff', 'staff children', 'employee', 'employee child', 'hijo del personal', 'hija del personal'],
  'in-district': ['in district', 'district', 'resident', 'in zone', 'dentro del distrito', 'distrito', 'zona'],
  general: ['none', 'no priority', 'general lottery', 'ninguna', 'sin prioridad'],
};

/** The catalog's priority items (by name and the words other systems use for them) against their priority words. */
export const suggestPriorityMap = (
  values: Iterable<string>,
  items: Array<{ id: number; name: string }>,
  overrides?: Record<string, number>,
) =>
  suggest(
    values,
    items.map((item) => ({ id: item.id, names: [item.name, ...(PRIORITY_ALIASES[item.name] ?? [])] })),
    (text) => [normalizeLabel(text)],
    overrides,
  );
