import { useRef, useState } from 'react';
import type { z } from 'zod';
import { loadMessages, message } from './i18n';

type Values = Record<string, string>;

/** The first field of the form (in its order) that has an error and can take the focus. */
function focusFirst(form: HTMLFormElement, errors: Record<string, string>) {
  const fields = [...form.elements] as HTMLInputElement[];
  fields.find((field) => field.name in errors && field.type !== 'hidden')?.focus();
}

/**
 * A small form of the sign-in page: its inputs are read on submit and checked by the shared schema, which loads (with
 * zod and the validation messages, ~45 kB gzipped) on the first submit rather than with the page (issue 22). A field's
 * error clears as it is edited. The other screens use react-hook-form.
 */
export function useLightForm<T extends Values>(
  loadSchema: () => Promise<z.ZodType<T>>,
  onValid: (values: T) => Promise<void>,
) {
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // what was typed, so a field shown again (back from the recovery form) still holds it
  const entered = useRef<Partial<Record<string, string>>>({});

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const [schema] = await Promise.all([loadSchema(), loadMessages()]);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      // the first problem of each field, as react-hook-form's resolver shows it, and the first such field focused
      const first: Record<string, string> = {};
      for (const issue of parsed.error.issues) first[String(issue.path[0])] ??= issue.message;
      setErrors(first);
      focusFirst(form, first);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(parsed.data);
    } finally {
      setSubmitting(false);
    }
  }

  /** The props of one field: its name, its error and its message. */
  const field = (name: keyof T & string) => ({
    name,
    error: errors[name] !== undefined,
    helperText: message(errors[name]),
    defaultValue: entered.current[name] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      entered.current[name] = event.target.value;
      setErrors((now) => (now[name] === undefined ? now : { ...now, [name]: undefined }));
    },
  });

  return { onSubmit, field, submitting, clearErrors: () => setErrors({}) };
}
