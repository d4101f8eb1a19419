import type { FamilyLanguage } from './schemas/family';

/*
 * The consent sentence a guardian agrees to when signing a registration agreement (docs/registration.md), in each
 * portal language. The portal shows it beside the checkbox and the server records the same words with the signature
 * and prints them on the signed PDF: one copy here, imported by both (no library, so the portal can use it).
 */
export const AGREEMENT_CONSENT: Record<FamilyLanguage, string> = {
  en: 'I have read this agreement, I agree to it, and I sign it electronically with my typed full name.',
  es: 'He leído este acuerdo, estoy de acuerdo con él y lo firmo electrónicamente con mi nombre completo escrito.',
  vi: 'Tôi đã đọc thỏa thuận này, tôi đồng ý với thỏa thuận, và tôi ký điện tử bằng họ tên đầy đủ mà tôi đã nhập.',
  zh: '我已阅读并同意本协议，并以我输入的全名进行电子签署。',
  ht: 'Mwen li akò sa a, mwen dakò avè l, epi mwen siyen l elektwonikman ak non konplè mwen tape a.',
  ar: 'لقد قرأت هذه الاتفاقية وأوافق عليها، وأوقّعها إلكترونيًا باسمي الكامل الذي كتبته.',
};

/** Days a second guardian's invitation to sign stays good (for one signature). */
export const AGREEMENT_INVITE_DAYS = 7;
