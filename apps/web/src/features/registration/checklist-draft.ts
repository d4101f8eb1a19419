import { FAMILY_LANGUAGES, type FamilyLanguage } from '@openseat/shared/schemas/family';
import type {
  DocumentType,
  FormFieldType,
  RegistrationChecklist,
  RegistrationItem,
  RegistrationItemKind,
  SisFieldKey,
} from '@openseat/shared/schemas/registration';

/*
 * The checklist as the editor holds it: every text as typed (empty strings, the maximum size as typed), and a local
 * key per row so React keeps each editor while rows move. `requestOf` turns it into what the PUT sends; the shared
 * schema then decides, with the same paths the server answers (`items.0.form.fields.1.showIf`).
 */

export type LabelsDraft = Record<FamilyLanguage, string>;
export type ChoiceDraft = { uid: number; value: string; labels: LabelsDraft };
export type FieldDraft = {
  uid: number;
  key: string;
  type: FormFieldType;
  labels: LabelsDraft;
  required: boolean;
  choices: ChoiceDraft[];
  showIf: { field: string; equals: string } | null;
  /** The SIS field its approved answer feeds, or null. */
  sis: SisFieldKey | null;
};
export type ItemDraft = {
  uid: number;
  id_registration_item?: number;
  kind: RegistrationItemKind;
  required: boolean;
  labels: LabelsDraft;
  help: LabelsDraft;
  document: { types: DocumentType[]; maxMb: string };
  fields: FieldDraft[];
  agreement: { text: LabelsDraft; signers: 'one' | 'two' };
};

let nextUid = 1;
export const uid = () => nextUid++;

export const emptyLabels = (): LabelsDraft => Object.fromEntries(FAMILY_LANGUAGES.map((l) => [l, ''])) as LabelsDraft;
const labelsOf = (stored: Record<string, string | null | undefined> | null | undefined): LabelsDraft =>
  Object.fromEntries(FAMILY_LANGUAGES.map((l) => [l, stored?.[l] ?? ''])) as LabelsDraft;

export const emptyChoice = (): ChoiceDraft => ({ uid: uid(), value: '', labels: emptyLabels() });
export const emptyField = (): FieldDraft => ({
  uid: uid(),
  key: '',
  type: 'text',
  labels: emptyLabels(),
  required: true,
  choices: [],
  showIf: null,
  sis: null,
});

export const emptyItem = (kind: RegistrationItemKind): ItemDraft => ({
  uid: uid(),
  kind,
  required: true,
  labels: emptyLabels(),
  help: emptyLabels(),
  document: { types: ['pdf', 'jpeg', 'png'], maxMb: '10' },
  fields: kind === 'form' ? [emptyField()] : [],
  agreement: { text: emptyLabels(), signers: 'one' },
});

export function itemDraftOf(item: RegistrationItem): ItemDraft {
  const empty = emptyItem(item.kind);
  return {
    ...empty,
    id_registration_item: item.id_registration_item,
    required: item.required,
    labels: labelsOf(item.labels),
    help: labelsOf(item.help),
    document: item.document ? { types: [...item.document.types], maxMb: String(item.document.maxMb) } : empty.document,
    fields: (item.form?.fields ?? []).map((f) => ({
      uid: uid(),
      key: f.key,
      type: f.type,
      labels: labelsOf(f.labels),
      required: f.required,
      choices: (f.choices ?? []).map((c) => ({ uid: uid(), value: c.value, labels: labelsOf(c.labels) })),
      showIf: f.showIf,
      sis: f.sis ?? null,
    })),
    agreement: item.agreement
      ? { text: labelsOf(item.agreement.text), signers: item.agreement.signers }
      : empty.agreement,
  };
}

export const draftsOf = (checklist: RegistrationChecklist): ItemDraft[] => checklist.items.map(itemDraftOf);

const hasAny = (labels: LabelsDraft) => FAMILY_LANGUAGES.some((l) => labels[l].trim() !== '');
/** A number as typed: a number when it reads as one (the schema says what is wrong with it), else the text. */
const numberOf = (typed: string) => (typed.trim() !== '' && !Number.isNaN(Number(typed)) ? Number(typed) : typed);

/**
 * The item as the PUT sends it. A field other than a choice sends no choices at all: the server's version of an item
 * is the hash of what it asks, so an unchanged item must read exactly as it was saved.
 */
function itemRequestOf(item: ItemDraft) {
  const common = {
    ...(item.id_registration_item === undefined ? {} : { id_registration_item: item.id_registration_item }),
    kind: item.kind,
    required: item.required,
    labels: item.labels,
    help: hasAny(item.help) ? item.help : null,
  };
  switch (item.kind) {
    case 'document':
      return { ...common, document: { types: item.document.types, maxMb: numberOf(item.document.maxMb) } };
    case 'form':
      return {
        ...common,
        form: {
          fields: item.fields.map((f) => ({
            key: f.key.trim(),
            type: f.type,
            labels: f.labels,
            required: f.required,
            ...(f.type === 'choice'
              ? { choices: f.choices.map((c) => ({ value: c.value.trim(), labels: c.labels })) }
              : {}),
            showIf: f.showIf,
            // untagged fields send no tag: an item saved before tags keeps its version
            ...(f.sis ? { sis: f.sis } : {}),
          })),
        },
      };
    case 'agreement':
      return { ...common, agreement: item.agreement };
    case 'deposit':
      return common;
  }
}

export const requestOf = (id_campus_year: number, items: ItemDraft[]) => ({
  id_campus_year,
  items: items.map(itemRequestOf),
});

/** The answers a condition may test on an earlier field, as the shared rule lists them. */
export const answersOfDraft = (field: FieldDraft): string[] =>
  field.type === 'yes_no'
    ? ['yes', 'no']
    : field.type === 'choice'
      ? field.choices.map((c) => c.value.trim()).filter(Boolean)
      : [];

/** A field's key renamed: the conditions of later fields that named it follow. */
export function renameKey(fields: FieldDraft[], index: number, key: string): FieldDraft[] {
  const old = fields[index].key;
  return fields.map((f, i) => {
    if (i === index) return { ...f, key };
    if (i > index && old && f.showIf?.field === old) return { ...f, showIf: { ...f.showIf, field: key } };
    return f;
  });
}

/** Swaps the row at `index` with its neighbour `by` away. */
export function moved<T>(rows: T[], index: number, by: -1 | 1): T[] {
  const next = [...rows];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
}

export type FieldErrors = Record<string, string>;
/** The errors under `prefix` (a path with its dot), for opening a folded section that holds one. */
export const anyUnder = (errors: FieldErrors, prefix: string) =>
  Object.keys(errors).some((path) => path === prefix || path.startsWith(`${prefix}.`));
