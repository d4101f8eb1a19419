import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, supportedLanguage, type Language } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import { en } from '../locales/en';
import { es } from '../locales/es';

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('lng');
const initial: Language = LANGUAGES.includes(stored as Language) ? (stored as Language) : FALLBACK_LANGUAGE;

// <html lang> follows the language from the first render on (screen readers and hyphenation read it)
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = supportedLanguage(lng);
});

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: initial,
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
  // i18next prints an advertisement to the console on start otherwise (in the browser and in every component test)
  showSupportNotice: false,
});

/** Changes the language and remembers it on this browser (the server copy is saved by the caller). */
export function setLanguage(lng: Language) {
  localStorage.setItem('lng', lng);
  void i18n.changeLanguage(lng);
}

export const currentLanguage = (): Language => supportedLanguage(i18n.language);

/** A validation message key from the shared schemas, in the current language. */
export const message = (key: string | undefined) => (key ? translate(key, currentLanguage()) : undefined);

/** A label from the catalogue by a stored name, or the name itself when the catalogue has none. */
const labelOr = (key: string, name: string) => i18n.t(key, { defaultValue: name });

/** Screen (subject) and action names of the permissions grid. */
export const subjectLabel = (name: string) => labelOr(`permissions.subjects.${name}`, name.replace(/_/g, ' '));
export const actionLabel = (name: string) => labelOr(`permissions.actions.${name}`, name.replace(/_/g, ' '));

/** The role level (context) of a role or user, by id_context_type. */
export const contextLabel = (id: number, fallback = '') => labelOr(`contexts.${id}`, fallback);

/** A seeded role's name and description in the reader's language; a school's own roles show as written. */
export const roleLabel = (name: string) => labelOr(`systemRoles.names.${name}`, name);
export function roleDescription(name: string, description: string | null): string {
  const key = `systemRoles.descriptions.${name}`;
  const seeded = i18n.t(key, { lng: 'en', defaultValue: '' });
  return seeded !== '' && description === seeded ? i18n.t(key) : (description ?? '');
}
export const roleTypeLabel = (type: string) => labelOr(`roleTypes.${type}`, type);

/** A seeded priority item (sibling, staff child...) in the reader's language. */
export const priorityItemLabel = (name: string) => labelOr(`priorityItems.${name}`, name);

export { i18n };
