import { describe, expect, it } from 'vitest';
import { RegistrationChecklistRequestSchema, type RegistrationChecklist } from '@openseat/shared/schemas/registration';
import { draftsOf, emptyChoice, emptyField, renameKey, requestOf } from './checklist-draft';

const words = (en: string) => ({ en, es: `${en} (es)` });
const saved: RegistrationChecklist = {
  id_campus_year: 30,
  id_campus: 10,
  items: [
    {
      id_registration_item: 7,
      version: 'c'.repeat(64),
      kind: 'form',
      required: false,
      labels: { ...words('Health'), vi: 'Sức khỏe' },
      help: words('Tell the nurse.'),
      form: {
        fields: [
          {
            key: 'bus',
            type: 'choice',
            labels: words('Bus?'),
            required: true,
            choices: [
              { value: 'am', labels: words('Morning') },
              { value: 'pm', labels: words('Afternoon') },
            ],
            showIf: null,
          },
          {
            key: 'stop',
            type: 'address',
            labels: words('Stop'),
            required: false,
            showIf: { field: 'bus', equals: 'am' },
          },
        ],
      },
    },
    {
      id_registration_item: 8,
      version: 'd'.repeat(64),
      kind: 'deposit',
      required: true,
      labels: words('Deposit'),
      help: null,
    },
  ],
};

/** What the server hashes: the parsed item with its empty words left out (as its canonical JSON does). */
const asked = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === null ? undefined : v)));

describe('the checklist editor’s drafts', () => {
  it('send an unchanged checklist back as it was read: the same items, so the same versions', () => {
    const parsed = RegistrationChecklistRequestSchema.parse(requestOf(30, draftsOf(saved)));
    const read = saved.items.map(({ version: _v, ...item }) => item);
    expect(asked(parsed.items)).toEqual(asked(read));
    // a field that is not a choice sends no choices at all (an empty list would be another version)
    expect(parsed.items[0].kind === 'form' && 'choices' in parsed.items[0].form.fields[1]).toBe(false);
  });

  it('carry a renamed key into the later fields’ conditions', () => {
    const [form] = draftsOf(saved);
    const fields = renameKey(form.fields, 0, 'school_bus');
    expect(fields[1].showIf).toEqual({ field: 'school_bus', equals: 'am' });
    expect(fields[0].key).toBe('school_bus');
  });

  it('are checked by the shared schema at the paths the server answers', () => {
    const [form] = draftsOf(saved);
    const field = { ...emptyField(), key: 'bus', type: 'choice' as const, choices: [emptyChoice()] };
    const result = RegistrationChecklistRequestSchema.safeParse(
      requestOf(30, [{ ...form, fields: [...form.fields, field] }]),
    );
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'items.0.form.fields.2.key: registrationKeyTaken',
        'items.0.form.fields.2.labels.en: required',
        'items.0.form.fields.2.choices.0.value: registrationKeyInvalid',
      ]),
    );
  });
});
