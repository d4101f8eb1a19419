import type { FamilyLanguage, FamilyStage } from '@openseat/shared/schemas/family';
import type { DocumentType } from '@openseat/shared/schemas/registration';

/*
 * The contract's constants, repeated here because packages/shared/src/schemas/family.ts builds zod schemas when it
 * loads: importing a value from it would put zod in the portal's first load. The types come from the contract, and
 * constants.test.ts checks that the values still match it.
 */

export const FAMILY_LANGUAGES = ['en', 'es', 'vi', 'zh', 'ht', 'ar'] as const satisfies readonly FamilyLanguage[];
export const RTL_LANGUAGES: readonly FamilyLanguage[] = ['ar'];
export const FAMILY_LINK_MINUTES = 30;
/** The MIME types each document type of the registration checklist is recognised as (the file pickers' `accept`). */
export const DOCUMENT_MIME: Record<DocumentType, string[]> = {
  pdf: ['application/pdf'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  heic: ['image/heic', 'image/heif'],
  webp: ['image/webp'],
};
export const FAMILY_STEPS = ['applied', 'lottery', 'offer', 'answer', 'enrolled'] as const;
export const FAMILY_STAGES = [
  'applied',
  'waiting',
  'offered',
  'accepted',
  'enrolled',
  'declined',
  'closed',
] as const satisfies readonly FamilyStage[];

/** Each language's name in itself, for the language chooser. */
export const LANGUAGE_NAMES: Record<FamilyLanguage, string> = {
  en: 'English',
  es: 'Español',
  vi: 'Tiếng Việt',
  zh: '简体中文',
  ht: 'Kreyòl ayisyen',
  ar: 'العربية',
};

/**
 * The locales Intl formats numbers (and dates, but for Creole and Vietnamese: i18n/language.tsx) in. Haitian Creole
 * has no CLDR data in most browsers yet: French (Haiti's other official language) is the fallback, rather than English.
 */
export const INTL_LOCALES: Record<FamilyLanguage, string[]> = {
  en: ['en'],
  es: ['es'],
  vi: ['vi'],
  zh: ['zh-CN'],
  ht: ['ht', 'fr-HT'],
  ar: ['ar'],
};

export const isFamilyLanguage = (value: unknown): value is FamilyLanguage =>
  typeof value === 'string' && (FAMILY_LANGUAGES as readonly string[]).includes(value);
