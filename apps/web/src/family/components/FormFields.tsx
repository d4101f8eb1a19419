import { useId } from 'react';
import type { AddressAnswer } from '@openseat/shared/registration-rules';
import type { FamilyFormField } from '@openseat/shared/schemas/registration';
import { useI18n } from '../i18n/language';

type FieldProps = {
  field: FamilyFormField;
  value: unknown;
  /** What is wrong with the answer, in the guardian's words. */
  problem: string | undefined;
  onChange: (value: unknown) => void;
};

/** One question of a registration form, as its type asks it: typed, a day, one of the choices, yes or no, an address. */
export function FormField(props: FieldProps) {
  switch (props.field.type) {
    case 'choice':
    case 'yes_no':
      return <ChoiceField {...props} />;
    case 'address':
      return <AddressField {...props} />;
    default:
      return <TextField {...props} />;
  }
}

function useLabel(field: FamilyFormField) {
  const { t } = useI18n();
  return field.required ? field.label : `${field.label} ${t('optionalMark')}`;
}

function Problem({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <p id={id} className="field__error">
      {problem}
    </p>
  ) : null;
}

function TextField({ field, value, problem, onChange }: FieldProps) {
  const id = useId();
  const label = useLabel(field);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={field.key}
        type={field.type === 'date' ? 'date' : 'text'}
        value={typeof value === 'string' ? value : ''}
        maxLength={field.type === 'text' ? 500 : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Problem id={`${id}-problem`} problem={problem} />
    </div>
  );
}

function ChoiceField({ field, value, problem, onChange }: FieldProps) {
  const { t } = useI18n();
  const id = useId();
  const label = useLabel(field);
  const options =
    field.type === 'yes_no'
      ? [
          { value: 'yes', label: t('yes') },
          { value: 'no', label: t('no') },
        ]
      : (field.choices ?? []);
  return (
    <fieldset className="choices" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={field.key}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      <Problem id={`${id}-problem`} problem={problem} />
    </fieldset>
  );
}

const ADDRESS_PARTS = [
  { part: 'line1', label: 'addressLine1', autoComplete: 'address-line1' },
  { part: 'line2', label: 'addressLine2', autoComplete: 'address-line2' },
  { part: 'city', label: 'addressCity', autoComplete: 'address-level2' },
  { part: 'region', label: 'addressRegion', autoComplete: 'address-level1' },
  { part: 'postalCode', label: 'addressPostalCode', autoComplete: 'postal-code' },
] as const;

function AddressField({ field, value, problem, onChange }: FieldProps) {
  const { t } = useI18n();
  const id = useId();
  const label = useLabel(field);
  const address = (value && typeof value === 'object' ? value : {}) as Partial<AddressAnswer>;
  return (
    <fieldset className="address" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>{label}</legend>
      {ADDRESS_PARTS.map(({ part, label: words, autoComplete }) => (
        <div key={part} className="field">
          <label htmlFor={`${id}-${part}`}>{t(words)}</label>
          <input
            id={`${id}-${part}`}
            type="text"
            autoComplete={autoComplete}
            value={address[part] ?? ''}
            onChange={(event) => onChange({ ...address, [part]: event.target.value })}
          />
        </div>
      ))}
      <Problem id={`${id}-problem`} problem={problem} />
    </fieldset>
  );
}
