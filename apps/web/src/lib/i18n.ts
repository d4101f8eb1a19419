import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, supportedLanguage, type Language } from '@openseat/shared/constants';
import type { translate } from '@openseat/shared/messages';
import { loginEn, loginEs, resetEn, resetEs } from '../locales/auth';
import { commonEn, commonEs, languagesEn, languagesEs, notFoundEn, notFoundEs, userEn, userEs } from '../locales/shell';

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('lng');
const initial: Language = LANGUAGES.includes(stored as Language) ? (stored as Language) : FALLBACK_LANGUAGE;

// <html lang> follows the language from the first render on (screen readers and hyphenation read it)
i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = supportedLanguage(lng);
});

/**
 * The words of the screens outside the signed-in app (sign-in, new password, the loading overlay): what the first page
 * needs. The whole catalogue of every screen comes with the signed-in app (`loadCatalogue`), so the sign-in page
 * does not load the words of forty screens it never shows (issue 22).
 */
const FIRST_PAGE = {
  en: {
    appName: 'OpenSeat',
    login: loginEn,
    reset: resetEn,
    user: userEn,
    common: commonEn,
    notFound: notFoundEn,
    languages: languagesEn,
  },
  es: {
    appName: 'OpenSeat',
    login: loginEs,
    reset: resetEs,
    user: userEs,
    common: commonEs,
    notFound: notFoundEs,
    languages: languagesEs,
  },
};

void i18n.use(initReactI18next).init({
  resources: { en: { translation: FIRST_PAGE.en }, es: { translation: FIRST_PAGE.es } },
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

let translateMessage: typeof translate | null = null;
let messagesLoaded: Promise<void> | null = null;

/** The shared schemas' validation messages (both languages): loaded with a form's validation or the catalogue. */
export function loadMessages(): Promise<void> {
  messagesLoaded ??= import('@openseat/shared/messages').then((m) => {
    translateMessage = m.translate;
  });
  return messagesLoaded;
}

/** A validation message key from the shared schemas, in the current language (loaded with the validation). */
export const message = (key: string | undefined) =>
  key ? (translateMessage ? translateMessage(key, currentLanguage()) : key) : undefined;

let catalogueLoaded: Promise<void> | null = null;

/** Every screen's words in both languages, and the validation messages: the signed-in app waits for them. */
export function loadCatalogue(): Promise<void> {
  catalogueLoaded ??= Promise.all([import('../locales/en'), import('../locales/es'), loadMessages()]).then(
    ([{ en }, { es }]) => {
      i18n.addResourceBundle('en', 'translation', en, true, true);
      i18n.addResourceBundle('es', 'translation', es, true, true);
    },
  );
  return catalogueLoaded;
}

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
