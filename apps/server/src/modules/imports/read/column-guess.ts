import type { ImportField } from '@openseat/shared/import-fields';

/*
 * A header's field guessed from its words, in English and Spanish, without regard to case, accents or punctuation
 * ("Student First Name", "Nombre del estudiante", "DOB", "Parent Email", "Grade Level", "Posición en lista de espera").
 * Words first decide whose the column is (the child's, a guardian's, or one that is about something else, like the
 * school the child attends now), then what it holds.
 */

/** Lower case, accents and punctuation gone, one space between words; "#" and "Nº" read as "number". */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/#|\bn[º°o]\b\.?/g, ' number ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const words = (...list: string[]) => new Set(list);

const GUARDIAN = words(
  'parent',
  'parents',
  'guardian',
  'guardians',
  'mother',
  'father',
  'mom',
  'dad',
  'family',
  'contact',
  'padre',
  'padres',
  'madre',
  'tutor',
  'tutora',
  'familia',
  'contacto',
  'acudiente',
  'encargado',
  'responsable',
  'apoderado',
  'household',
  'respondent',
);
const STUDENT = words(
  'student',
  'students',
  'child',
  'childs',
  'children',
  'applicant',
  'kid',
  'estudiante',
  'alumno',
  'alumna',
  'nino',
  'nina',
  'hijo',
  'hija',
  'solicitante',
);
/** A column about something other than the application asked for: where the child is now, or was. */
const ELSEWHERE = words(
  'current',
  'previous',
  'prior',
  'attending',
  'attended',
  'actual',
  'anterior',
  'procedencia',
  'district',
  'distrito',
);
/** Columns about the record rather than the family: who made it, when it last changed. */
const RECORD = words('by', 'por', 'updated', 'modified', 'actualizado', 'actualizacion', 'modificado', 'id');
/** Words a name column may carry besides the name's own ("Name of the student", "Guardian 1 first name"). */
const FILLER = words(
  'of',
  'the',
  'del',
  'de',
  'la',
  'el',
  's',
  'y',
  'and',
  'o',
  'or',
  'legal',
  '1',
  '2',
  'primary',
  'principal',
);
const FIRST = words('first', 'given', 'primer', 'nombres', 'forename');
const LAST = words('last', 'surname', 'surnames', 'apellido', 'apellidos', 'lastname');
const NAME = words('name', 'nombre', 'nombres', 'names');
const FULL = words('full', 'completo', 'complete');
const BIRTH = words('dob', 'birth', 'birthdate', 'birthday', 'nacimiento', 'born');
const GENDER = words('gender', 'sex', 'genero', 'sexo');
const ADDRESS = words(
  'address',
  'street',
  'street1',
  'street2',
  'city',
  'zip',
  'zipcode',
  'postal',
  'direccion',
  'domicilio',
  'calle',
  'ciudad',
  'state',
);
const EMAIL = words('email', 'mail', 'correo', 'emails');
const PHONE = words('phone', 'telephone', 'cell', 'mobile', 'telefono', 'celular', 'movil', 'tel', 'whatsapp');
const LANGUAGE = words('language', 'idioma', 'lengua', 'lang');
const CAMPUS = words('campus', 'school', 'location', 'site', 'escuela', 'plantel', 'sede', 'colegio', 'campus');
const GRADE = words('grade', 'grado', 'nivel', 'curso', 'level', 'gr');
const STATUS = words('status', 'estado', 'estatus', 'stage', 'etapa');
const DATE = words(
  'date',
  'fecha',
  'submitted',
  'submission',
  'timestamp',
  'created',
  'temporal',
  'applied',
  'received',
);
const PRIORITY = words('priority', 'priorities', 'prioridad', 'prioridades', 'preference', 'preferences');
const SIBLING = words('sibling', 'siblings', 'hermano', 'hermanos', 'hermana', 'hermanas', 'brother', 'sister');
const TAGS = words('tag', 'tags', 'etiqueta', 'etiquetas', 'label', 'labels');
const LOTTERY = words('lottery', 'loteria', 'sorteo', 'random', 'draw');
const WAITLIST = words('waitlist', 'waitlisted', 'wait', 'waiting', 'espera', 'wl');
const POSITION = words('position', 'rank', 'number', 'posicion', 'lugar', 'orden', 'numero', 'order', 'place');
const NOTES = words(
  'note',
  'notes',
  'comment',
  'comments',
  'nota',
  'notas',
  'comentario',
  'comentarios',
  'observaciones',
);

const has = (tokens: string[], set: Set<string>) => tokens.some((t) => set.has(t));

/** Whole labels that words alone would read otherwise. */
const EXACT: Record<string, ImportField | null> = {
  name: 'studentFullName',
  nombre: 'studentFullName',
  'nombre y apellidos': 'studentFullName',
  'nombre completo': 'studentFullName',
  first: 'studentFirstName',
  last: 'studentLastName',
  'marca temporal': 'applicationDate',
  'email address': 'guardianEmail',
  'direccion de correo electronico': 'guardianEmail',
  'lives with': null,
  'vive con': null,
};

/**
 * The field a header most likely fills, or null. Whose first: a guardian's name, e-mail, phone or language; the
 * child's name, birth date, gender, address; a column about the current or previous school is left unmapped.
 */
export function guessField(header: string): ImportField | null {
  const label = normalizeLabel(header);
  if (!label) return null;
  if (label in EXACT) return EXACT[label];
  const tokens = label.split(' ');
  const guardian = has(tokens, GUARDIAN);
  const student = has(tokens, STUDENT);

  if (has(tokens, RECORD)) return null;
  if (has(tokens, WAITLIST) && (has(tokens, POSITION) || tokens.length === 1)) return 'waitingListPosition';
  if (has(tokens, LOTTERY)) return 'lotteryNumber';
  if (has(tokens, SIBLING)) return 'siblingPriority';
  if (has(tokens, PRIORITY)) return 'priority';
  if (has(tokens, TAGS)) return 'tags';
  if (has(tokens, NOTES)) return 'notes';
  if (has(tokens, EMAIL)) return student && !guardian ? null : 'guardianEmail';
  if (has(tokens, PHONE)) return student && !guardian ? null : 'guardianPhone';
  if (has(tokens, LANGUAGE)) return 'guardianLanguage';
  if (has(tokens, BIRTH)) return guardian ? null : 'studentDateOfBirth';
  if (has(tokens, GENDER)) return guardian ? null : 'studentGender';
  if (has(tokens, ADDRESS)) return 'studentAddress';
  if (has(tokens, ELSEWHERE)) return null;
  if (has(tokens, GRADE)) return 'grade';
  if (has(tokens, CAMPUS)) return 'campus';
  if (has(tokens, STATUS)) return 'status';
  if (has(tokens, DATE)) return 'applicationDate';
  const last = has(tokens, LAST);
  const first = has(tokens, FIRST);
  const name = has(tokens, NAME);
  if (!(name || first || last)) return null;
  // a name of something else ("Middle Name", "District Name") is not the child's or a guardian's
  const nameWords = [NAME, FIRST, LAST, STUDENT, GUARDIAN, FULL, FILLER];
  if (!tokens.every((t) => nameWords.some((set) => set.has(t)))) return null;
  if (guardian) return 'guardianName';
  if (last) return 'studentLastName';
  if (first) return 'studentFirstName';
  return 'studentFullName';
}

/** Fields a file may fill from several columns, joined (a guardian's first and last name; street, city, ZIP). */
export const JOINED_FIELDS: Partial<Record<ImportField, string>> = {
  studentFullName: ' ',
  guardianName: ' ',
  studentAddress: ', ',
  notes: '\n',
  tags: ', ',
};

/**
 * Each header's guess, every field once (the first column that claims it, except fields that join several columns).
 * A full-name column beside a last-name column is the first name ("Nombre del estudiante" beside "Apellidos").
 */
export function guessColumns(headers: string[]): Record<string, ImportField> {
  const guesses = headers.map(guessField);
  if (guesses.includes('studentLastName') && !guesses.includes('studentFirstName')) {
    const full = guesses.indexOf('studentFullName');
    if (full >= 0) guesses[full] = 'studentFirstName';
  }
  const columns: Record<string, ImportField> = {};
  const taken = new Set<ImportField>();
  headers.forEach((header, i) => {
    const field = guesses[i];
    if (!field || header in columns) return;
    if (taken.has(field) && !(field in JOINED_FIELDS)) return;
    if (field === 'guardianName' && taken.has(field) && !isNamePart(header)) return;
    columns[header] = field;
    taken.add(field);
  });
  return columns;
}

/** "Guardian First Name" and "Guardian Last Name" join; a second guardian's "Father" column does not. */
const isNamePart = (header: string) => {
  const tokens = normalizeLabel(header).split(' ');
  return has(tokens, FIRST) || has(tokens, LAST);
};
