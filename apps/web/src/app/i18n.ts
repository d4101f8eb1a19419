import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import { en } from '../locales/en';
import { es } from '../locales/es';

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('lng');
const initial: Language = LANGUAGES.includes(stored as Language) ? (stored as Language) : FALLBACK_LANGUAGE;

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: initial,
  fallbackLng: FALLBACK_LANGUAGE,
  interpolation: { escapeValue: false },
});

/** Changes the language and remembers it on this browser (the server copy is saved by the caller). */
export function setLanguage(lng: Language) {
  localStorage.setItem('lng', lng);
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export const currentLanguage = (): Language => (i18n.language === 'es' ? 'es' : 'en');

/** A validation message key from the shared schemas, in the current language. */
export const message = (key: string | undefined) => (key ? translate(key, currentLanguage()) : undefined);

export { i18n };
