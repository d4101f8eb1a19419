import { createContext, useContext } from 'react';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import { CREOLE_MONTHS, familyDateTime, writtenByHand } from '@openseat/shared/zoned-time';
import { FAMILY_LANGUAGES, INTL_LOCALES, RTL_LANGUAGES, isFamilyLanguage } from '../constants';
import type { MessageKey, Translation } from './en';

/** Each language's words, a chunk of its own: the browser downloads the chosen language only. */
const LOADERS: Record<FamilyLanguage, () => Promise<{ default: Translation }>> = {
  en: () => import('./en'),
  es: () => import('./es'),
  vi: () => import('./vi'),
  zh: () => import('./zh'),
  ht: () => import('./ht'),
  ar: () => import('./ar'),
};

export const loadMessages = async (lng: FamilyLanguage): Promise<Translation> => (await LOADERS[lng]()).default;

const STORAGE_KEY = 'openseat-family-lng';

/** The language chosen in this browser before, or null when the guardian never chose one here. */
export function rememberedLanguage(): FamilyLanguage | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isFamilyLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(lng: FamilyLanguage) {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // private browsing without storage: the choice lasts for this page only, and the server keeps it once signed in
  }
}

/** The remembered language, else the first of the browser's languages the portal has, else English. */
export function initialLanguage(browserLanguages: readonly string[] = navigator.languages ?? []): FamilyLanguage {
  const remembered = rememberedLanguage();
  if (remembered) return remembered;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isFamilyLanguage(base)) return base;
  }
  return FAMILY_LANGUAGES[0];
}

/** Sets the page's language and direction: Arabic reads right to left, and the layout (logical CSS) mirrors. */
export function applyDocumentLanguage(lng: FamilyLanguage) {
  document.documentElement.lang = lng;
  document.documentElement.dir = RTL_LANGUAGES.includes(lng) ? 'rtl' : 'ltr';
}

export type I18n = {
  lng: FamilyLanguage;
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
  /** A date and time, in `timeZone` when given (an offer's deadline is shown in the school's). */
  dateTime: (iso: string, timeZone?: string) => string;
  /** A day without time (a week's start), as written. */
  day: (isoDate: string) => string;
  number: (value: number) => string;
  changeLanguage: (lng: FamilyLanguage) => void;
};

/** The browser's own zone, for times that belong to no school (a message's sending). */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Vietnamese and Haitian Creole dates are written as the family's messages write them (shared zoned-time.ts): browsers
 * have no Creole date data and an odd long Vietnamese form.
 */
export function makeI18n(
  lng: FamilyLanguage,
  messages: Translation,
  changeLanguage: (lng: FamilyLanguage) => void,
): I18n {
  const locales = INTL_LOCALES[lng];
  const numbers = new Intl.NumberFormat(locales);
  const days = new Intl.DateTimeFormat(locales, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return {
    lng,
    changeLanguage,
    t: (key, values) => fill(messages[key], values, numbers),
    dateTime: (iso, timeZone) =>
      writtenByHand(lng)
        ? familyDateTime(new Date(iso), timeZone ?? localZone(), lng, { weekday: true })
        : new Intl.DateTimeFormat(locales, {
            weekday: 'long',
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZone,
            timeZoneName: timeZone ? 'short' : undefined,
          }).format(new Date(iso)),
    day: (isoDate) =>
      lng === 'ht'
        ? `${+isoDate.slice(8, 10)} ${CREOLE_MONTHS[+isoDate.slice(5, 7) - 1]}`
        : days.format(new Date(isoDate.slice(0, 10) + 'T00:00:00Z')),
    number: (value) => numbers.format(value),
  };
}

function fill(template: string, values: Record<string, string | number> | undefined, numbers: Intl.NumberFormat) {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside the family portal');
  return i18n;
}
