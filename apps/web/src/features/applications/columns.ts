import { useState } from 'react';

/** The columns of a list staff may hide (date, id and applicant always show). */
export const OPTIONAL_COLUMNS = ['email', 'phone', 'grade', 'status', 'lotteryNumber', 'offerDeadline'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

const keyOf = (listType: number) => `openseat.applications.hidden.${listType}`;

/** Reads a stored choice, keeping only known column names (the stored value may be old or edited by hand). */
export function parseHidden(stored: string | null): OptionalColumn[] {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(value) ? OPTIONAL_COLUMNS.filter((c) => value.includes(c)) : [];
  } catch {
    return [];
  }
}

/** The columns hidden on one list, remembered on this browser. */
export function useHiddenColumns(listType: number) {
  const [hidden, setHidden] = useState<OptionalColumn[]>(() => parseHidden(localStorage.getItem(keyOf(listType))));
  const toggle = (column: OptionalColumn) => {
    const next = hidden.includes(column) ? hidden.filter((c) => c !== column) : [...hidden, column];
    localStorage.setItem(keyOf(listType), JSON.stringify(next));
    setHidden(next);
  };
  return { hidden, toggle, shows: (column: OptionalColumn) => !hidden.includes(column) };
}
