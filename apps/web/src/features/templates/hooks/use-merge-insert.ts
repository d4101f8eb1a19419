import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { TemplateBody, TemplateValues, TextFieldName } from '../template-form';

/**
 * Where a merge field goes: the text field used last (an SMS has only its text). `track(field)` gives a text
 * field the props that remember it; `insert(name)` puts `{{name}}` at its cursor and the cursor after it.
 */
export function useMergeInsert(form: UseFormReturn<TemplateValues, unknown, TemplateBody>, onlyText: boolean) {
  const inputs = useRef<Partial<Record<TextFieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [target, setTarget] = useState<TextFieldName>('text');

  const insert = (name: string) => {
    const field = onlyText ? 'text' : target;
    const el = inputs.current[field];
    const current = form.getValues(field);
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    form.setValue(field, current.slice(0, start) + token + current.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  /** `writing`: the input's language and direction (the text of an Arabic template is written right to left). */
  const track = (field: TextFieldName, writing: { lang?: string; dir?: 'rtl' | 'ltr' } = {}) => {
    const { ref, ...rest } = form.register(field);
    return {
      ...rest,
      inputRef: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
        ref(el);
        inputs.current[field] = el;
      },
      onFocus: () => setTarget(field),
      slotProps: { inputLabel: { shrink: true }, htmlInput: { ...writing, 'data-testid': `template-${field}` } },
    };
  };
  return { insert, track };
}
